/** Tests only: one of the user's mail accounts as `mails/accounts` answers it. */
import type { MailAccountInfo } from '../../../core/mail/client/types';

export const mailAccount = (id: number, name = `Account ${id}`, over: Partial<MailAccountInfo> = {}): MailAccountInfo => ({
  mailaccount_id: id,
  ma_name: name,
  ma_email: `${name.toLowerCase().replaceAll(' ', '')}@demo.test`,
  ma_color: null,
  can_send: true,
  can_delete: true,
  msa_id: null,
  selected: true,
  unread: 0,
  folders: [],
  ...over,
});
