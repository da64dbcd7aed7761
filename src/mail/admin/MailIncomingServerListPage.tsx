/** The incoming (IMAP) mail servers of the brand. */
import type { PageProps } from '../../pages/types';
import { ServerListView } from './ServerListView';

export function MailIncomingServerListPage({ title }: PageProps) {
  return <ServerListView kind="imap" title={title} />;
}
