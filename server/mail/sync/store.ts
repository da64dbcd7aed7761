/**
 * Stores fetched messages: one `mails` row per account and Message-ID (a copy in another folder or
 * a retried batch finds the row it already has) and one `mail_locations` row per folder and UID.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Address, MailDb } from '../tables';

export interface FetchedMessage {
  uid: number;
  flags: Set<string>;
  source: Buffer;
  internalDate: Date | null;
  size: number;
}

export interface FolderRef {
  ifolder_id: number;
  mailaccount_id: number;
  uidvalidity: number;
  is_default_seen: boolean;
}

/** App flags ↔ IMAP flags and keywords. */
export const FLAG_MAP = {
  is_seen: '\\Seen',
  is_flagged: '\\Flagged',
  is_answered: '\\Answered',
  is_ready: '$Ready',
  is_spam: '$Junk',
} as const;
export type AppFlag = keyof typeof FLAG_MAP;

export function flagColumns(flags: Set<string>): Record<AppFlag, boolean> {
  const out = {} as Record<AppFlag, boolean>;
  for (const [col, flag] of Object.entries(FLAG_MAP) as [AppFlag, string][]) out[col] = flags.has(flag);
  return out;
}

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value).filter((a) => a.address).map((a) => ({ name: a.name ?? '', address: a.address!.toLowerCase() }));
}

const idList = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? v.split(/\s+/) : []).filter(Boolean);

export async function parseMessage(m: FetchedMessage) {
  const parsed = await simpleParser(m.source, { skipImageLinks: true });
  // Without a Message-ID the content itself identifies the mail, so a second copy is still recognised.
  const messageId = parsed.messageId ?? `<${createHash('sha256').update(m.source).digest('hex')}@no-message-id>`;
  return {
    message_id: messageId,
    in_reply_to: parsed.inReplyTo ?? null,
    mail_references: idList(parsed.references),
    mail_subject: parsed.subject ?? null,
    mail_from: addresses(parsed.from)[0] ?? null,
    mail_to_arr: addresses(parsed.to),
    mail_cc_arr: addresses(parsed.cc),
    mail_bcc_arr: addresses(parsed.bcc),
    mail_date: parsed.date ?? m.internalDate ?? null,
    mail_html: typeof parsed.html === 'string' ? parsed.html : null,
    mail_text: parsed.text ?? null,
    mail_size: m.size || m.source.length,
    has_attachments: parsed.attachments.some((a) => a.contentDisposition === 'attachment' || !a.related),
  };
}

type Parsed = Awaited<ReturnType<typeof parseMessage>>;

/** The thread a mail joins: the thread of a mail it answers or references, else its own. */
async function threadOf(db: MailDb, accountId: number, p: Parsed): Promise<number | null> {
  const ids = [p.in_reply_to, ...p.mail_references].filter((x): x is string => !!x);
  if (!ids.length) return null;
  const row = await db
    .selectFrom('mails')
    .select('thread_id')
    .where('mailaccount_id', '=', accountId)
    .where('message_id', 'in', ids)
    .where('thread_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.thread_id ?? null;
}

/** Stores one message found at folder + UID; returns the mail's id. */
export async function storeMessage(db: MailDb, folder: FolderRef, m: FetchedMessage, p: Parsed): Promise<number> {
  const flags = flagColumns(m.flags);
  if (folder.is_default_seen) flags.is_seen = true;
  const thread = await threadOf(db, folder.mailaccount_id, p);
  const row = await db
    .insertInto('mails')
    .values({
      mailaccount_id: folder.mailaccount_id,
      ...p,
      mail_from: JSON.stringify(p.mail_from),
      mail_to_arr: JSON.stringify(p.mail_to_arr),
      mail_cc_arr: JSON.stringify(p.mail_cc_arr),
      mail_bcc_arr: JSON.stringify(p.mail_bcc_arr),
      thread_id: thread,
      ...flags,
    })
    // Seen before (another folder, a retry): keep the row, refresh the flags the server reports.
    .onConflict((oc) => oc.columns(['mailaccount_id', 'message_id']).doUpdateSet(flags))
    .returning('ma_id')
    .executeTakeFirstOrThrow();
  if (thread === null) await db.updateTable('mails').set({ thread_id: row.ma_id }).where('ma_id', '=', row.ma_id).where('thread_id', 'is', null).execute();
  await db
    .insertInto('mail_locations')
    .values({ ifolder_id: folder.ifolder_id, uid: m.uid, uidvalidity: folder.uidvalidity, ma_id: row.ma_id, mail_date: p.mail_date })
    .onConflict((oc) => oc.columns(['ifolder_id', 'uid']).doUpdateSet({ ma_id: row.ma_id, uidvalidity: folder.uidvalidity }))
    .execute();
  return row.ma_id;
}

/** Mails of an account found in no folder any more (deleted or moved away on the server). */
export async function removeOrphans(db: MailDb, accountId: number): Promise<number> {
  const res = await db
    .deleteFrom('mails')
    .where('mailaccount_id', '=', accountId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('mail_locations as l').select(sql.lit(1).as('one')).whereRef('l.ma_id', '=', 'mails.ma_id'))))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
