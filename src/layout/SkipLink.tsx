/**
 * "Skip to content": the first stop of the Tab key, hidden until focused, so a keyboard or
 * screen-reader user passes the app bar and the menu in one step.
 */
import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const translate = useTranslate();
  // The router owns the hash, so focus the main element by hand instead of following the anchor.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {translate('layout.skipToContent')}
    </Link>
  );
}
