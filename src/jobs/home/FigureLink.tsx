/** A figure's way to the jobs behind it: a real link to the sheet filtered by the figure's own filter. */
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { SheetLink } from '../../../core/jobs/home/figures';
import { sheetHref } from '../sheet/sheetState';

export function FigureLink({ link, children, testId }: { link: SheetLink; children: ReactNode; testId?: string }) {
  return (
    <Link component={RouterLink} to={sheetHref(link)} data-testid={testId}>
      {children}
    </Link>
  );
}
