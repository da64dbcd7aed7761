import { ErrorListView } from '../errors/ErrorListView';
import { PageFrame } from './PageFrame';
import type { PageProps } from './types';

export function ErrorListPage({ title }: PageProps) {
  return (
    <PageFrame title={title}>
      <ErrorListView />
    </PageFrame>
  );
}
