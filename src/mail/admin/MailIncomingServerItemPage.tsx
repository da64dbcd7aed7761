/** One incoming (IMAP) mail server: /admin/mailincomingserver/{id?}. */
import type { PageProps } from '../../pages/types';
import { ServerItemView } from './ServerItemView';

export function MailIncomingServerItemPage({ title }: PageProps) {
  return <ServerItemView kind="imap" title={title} />;
}
