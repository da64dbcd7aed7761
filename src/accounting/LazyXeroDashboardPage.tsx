/** /xero/dashboard loaded on first visit, so the charts library stays out of the main bundle. */
import { lazy, Suspense } from 'react';
import { CircularProgress } from '@mui/material';
import type { PageProps } from '../pages/types';

const Page = lazy(() => import('./XeroDashboardPage').then((m) => ({ default: m.XeroDashboardPage })));

export function LazyXeroDashboardPage(props: PageProps) {
  return (
    <Suspense fallback={<CircularProgress aria-label={props.title} />}>
      <Page {...props} />
    </Suspense>
  );
}
