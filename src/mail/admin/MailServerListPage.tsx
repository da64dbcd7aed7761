/** The outgoing (SMTP) mail servers of the brand. */
import type { PageProps } from '../../pages/types';
import { ServerListView } from './ServerListView';

export function MailServerListPage({ title }: PageProps) {
  return <ServerListView kind="smtp" title={title} />;
}
