/** Answer schemas of the mail client's rows (core/mail/client/types.ts), also their serialisers. */
import { DATE_GROUPS } from '../../../core/mail/client/dateGroups';

const address = { type: 'object', properties: { name: { type: 'string' }, address: { type: 'string' } } };

/** MailListRow without the list's tags and local folders (a job's mails, a conversation). */
export const mailRowSchema = {
  type: 'object',
  properties: {
    ma_id: { type: 'integer' },
    mailaccount_id: { type: 'integer' },
    ma_color: { type: ['string', 'null'] },
    mail_subject: { type: ['string', 'null'] },
    mail_from: { anyOf: [address, { type: 'null' }] },
    mail_to_arr: { type: 'array', items: address },
    mail_date: { type: ['string', 'null'] },
    date_group: { type: 'string', enum: [...DATE_GROUPS] },
    is_seen: { type: 'boolean' },
    is_flagged: { type: 'boolean' },
    is_answered: { type: 'boolean' },
    is_ready: { type: 'boolean' },
    is_spam: { type: 'boolean' },
    is_deleted: { type: 'boolean' },
    has_attachments: { type: 'boolean' },
    mail_size: { type: 'integer' },
    job_id: { type: ['integer', 'null'] },
    thread_id: { type: ['integer', 'null'] },
    snippet: { type: 'string' },
  },
};

/** A job's mails, a conversation: one row per message, with each copy that reached one of the user's accounts (issue 30). */
export const mailEntryRowsSchema = {
  type: 'array',
  items: {
    ...mailRowSchema,
    properties: {
      ...mailRowSchema.properties,
      accounts: {
        type: 'array',
        items: { type: 'object', properties: { ma_id: { type: 'integer' }, mailaccount_id: { type: 'integer' } } },
      },
    },
  },
};
