/** One outgoing (SMTP) mail server: /admin/mailserver/{id?}. */
import type { PageProps } from '../../pages/types';
import { ServerItemView } from './ServerItemView';

export function MailServerItemPage({ title }: PageProps) {
  return <ServerItemView kind="smtp" title={title} />;
}
