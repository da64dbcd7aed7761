/** Placeholder until its page is built; the route table already points here. */
import { TitledPage } from '../../pages/TitledPage';
import type { PageProps } from '../../pages/types';

export function MailClientPage(props: PageProps) {
  return <TitledPage {...props} />;
}
