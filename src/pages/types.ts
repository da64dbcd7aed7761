import type { AppRoute } from '../routes/types';

/** What every routed page receives: its table entry and its translated title. */
export interface PageProps {
  route: AppRoute;
  title: string;
}
