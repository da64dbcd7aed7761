/** Shown when the brand configuration could not be loaded (SPEC.md point 4). */
import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PublicFrame } from './PageFrame';

export function TemporaryErrorPage({ title }: { title?: string }) {
  const translate = useTranslate();
  return (
    <PublicFrame title={title ?? translate('pages.temporaryError')}>
      <Alert severity="error">{translate('temporaryError.text')}</Alert>
    </PublicFrame>
  );
}
