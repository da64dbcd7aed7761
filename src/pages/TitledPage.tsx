/** A page whose content later work adds: for now its frame and title only. */
import { PageFrame, PublicFrame } from './PageFrame';
import type { PageProps } from './types';

export function TitledPage({ route, title }: PageProps) {
  return route.layout === 'public' ? <PublicFrame title={title} /> : <PageFrame title={title} />;
}
