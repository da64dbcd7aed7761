/**
 * Flag changes of SPEC.md point 4. IMAP flags go to the server first (pushFlags) when the account
 * has an incoming server; `is_deleted` goes there as a move to Trash or the \Deleted flag
 * (serverDelete.ts). The rules of deleteRules.ts decide what may be deleted or marked as spam.
 */
import type { FastifyRequest } from 'fastify';
import { MAIL_FLAGS, type MailFlag } from '../../../core/mail/client/types';
import { invalidField } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { boolSchema } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { pushFlags } from '../sync/pushFlags';
import type { AppFlag } from '../sync/store';
import type { MailDb } from '../tables';
import { recordForbidden, visibleMail, type AccountLink, type MailRow } from './access';
import { checkDeleteAllowed, checkSpamAllowed } from './deleteRules';
import { setMailDeleted } from './serverDelete';

export type FlagChanges = Partial<Record<MailFlag, boolean>>;

/** The flags a change may set, each a boolean (null stays the handler's 'Invalid value'). */
export const flagProperties: Record<string, JsonSchema> = Object.fromEntries(MAIL_FLAGS.map((f) => [f, boolSchema()]));

export function parseFlagChanges(input: unknown, allowed: readonly string[] = []): FlagChanges {
  const body = asObject(input);
  const changes: FlagChanges = {};
  for (const [key, value] of Object.entries(body)) {
    if (allowed.includes(key)) continue;
    if (!(MAIL_FLAGS as readonly string[]).includes(key)) throw invalidField(key);
    if (typeof value !== 'boolean') throw invalidField(key);
    changes[key as MailFlag] = value;
  }
  if (!Object.keys(changes).length) throw invalidField(null);
  return changes;
}

export async function checkFlagRules(db: MailDb, mail: MailRow, link: AccountLink, changes: FlagChanges): Promise<void> {
  if (changes.is_spam === true) await checkSpamAllowed(db, mail);
  if (changes.is_deleted === true) await checkDeleteAllowed(db, mail, link);
  if (changes.is_deleted === false && !link.can_delete) throw recordForbidden();
}

export async function applyFlags(db: MailDb, mail: MailRow, link: AccountLink, changes: FlagChanges): Promise<void> {
  const { is_deleted, ...imap } = changes;
  const imapChanges = imap as Partial<Record<AppFlag, boolean>>;
  const id = Number(mail.ma_id);
  if (Object.keys(imapChanges).length) {
    if (link.has_incoming) await pushFlags(db, id, imapChanges);
    else await db.updateTable('mails').set(imapChanges).where('ma_id', '=', id).execute();
  }
  if (is_deleted !== undefined && is_deleted !== mail.is_deleted) await setMailDeleted(db, mail, link, is_deleted);
}

/** Checks every mail before changing any, so a refused one leaves the others untouched. */
export async function changeFlags(req: FastifyRequest, db: MailDb, items: { id: number; changes: FlagChanges }[]) {
  const checked = [];
  for (const item of items) {
    const { mail, link } = await visibleMail(req, item.id, db);
    await checkFlagRules(db, mail, link, item.changes);
    checked.push({ mail, link, changes: item.changes });
  }
  for (const c of checked) await applyFlags(db, c.mail, c.link, c.changes);
  return checked.map((c) => ({ ma_id: Number(c.mail.ma_id), ...c.changes }));
}
