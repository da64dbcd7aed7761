/**
 * Who may see which mail (SPEC.md point 6): a user sees only enabled accounts linked to them in
 * mailaccount_users; can delete is per link. A mail outside them answers 404 with the spec text.
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Gate } from '../../../core/access/access';
import { isFeatureOn } from '../../../core/access/access';
import { MICROSOFT_FEATURE } from '../../../core/microsoft/constants';
import { DEVELOPER, STAFF } from '../../../core/access/roles';
import { mailClientText } from '../../../core/mail/client/messages';
import { enText } from '../../../core/i18n/en-US';
import { AppError, authRequired, notFound } from '../../envelope/errors';
import { mailDb, type MailDb, type MailsTable } from '../tables';

const MAIL_FEATURE = ['mail.enabled'];
export const MAIL_CLIENT_GATE: Gate = { roles: STAFF, requiredFeatures: MAIL_FEATURE };
export const DELETED_MAILS_GATE: Gate = { roles: DEVELOPER, requiredFeatures: MAIL_FEATURE };

export const mailNotFound = () => notFound(mailClientText('errors.notFound'));
/** 403 for one record: the SPA shows the notice and stays where it is. */
export const recordForbidden = () => new AppError({ code: 'FORBIDDEN', status: 403, primary: enText('errors.forbidden'), general: 'record' });
export const jobLinkedConflict = () => new AppError({ code: 'CONFLICT', status: 409, primary: mailClientText('errors.jobLinked') });

export interface AccountLink {
  mailaccount_id: number;
  can_delete: boolean;
  can_send: boolean;
  has_incoming: boolean;
  /** The Microsoft mailbox of a Graph account whose selection is the stored one (null: the client's own storage decides). */
  msa_id: number | null;
  /** False for a Microsoft mailbox the user switched off (SPEC point 4, microsoft_account_disabled). */
  selected: boolean;
}

export function sessionUserId(req: FastifyRequest): number {
  if (!req.user) throw authRequired();
  return req.user.us_id;
}

export function finalDeleteAllowed(req: FastifyRequest): boolean {
  return isFeatureOn(req.brand?.config.features, 'mail.finalDeleteIsAllowed');
}

/**
 * The enabled accounts linked to the session user. A Graph account's selection is the user's stored
 * one for its Microsoft mailbox (the list the Microsoft dashboard's switch keeps), while the brand has
 * Microsoft mailboxes on; an IMAP account's is the client's own storage (always selected here).
 */
export async function linkedAccounts(req: FastifyRequest, db: MailDb = mailDb(req.db)): Promise<AccountLink[]> {
  const usId = sessionUserId(req);
  const stored = isFeatureOn(req.brand?.config.features, MICROSOFT_FEATURE);
  const rows = await db
    .selectFrom('mailaccount_users as u')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'u.mailaccount_id')
    .select(['a.mailaccount_id', 'u.maxu_user_can_delete', 'u.maxu_user_can_send', 'a.mis_id', 'a.ma_source', 'a.msa_id'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('microsoft_account_disabled as d').select('d.msa_id').whereRef('d.msa_id', '=', 'a.msa_id').where('d.us_id', '=', usId))
        .as('switched_off'),
    )
    .where('u.us_id', '=', usId)
    .where('a.ma_enabled', '=', true)
    .execute();
  return rows.map((r) => {
    const msaId = stored && r.ma_source === 'graph' ? r.msa_id : null;
    return {
      mailaccount_id: r.mailaccount_id,
      can_delete: r.maxu_user_can_delete,
      can_send: r.maxu_user_can_send,
      // A Graph account's mailbox is its incoming side (brand migration 0041).
      has_incoming: r.mis_id !== null || r.ma_source === 'graph',
      msa_id: msaId,
      selected: msaId === null || !r.switched_off,
    };
  });
}

/**
 * The accounts a mail list searches: the asked ones among the user's, else every selected one, so a
 * Microsoft mailbox the user switched off is left out as the client leaves out an account switched
 * off in /email (SPEC point 4).
 */
export function listedAccountIds(links: AccountLink[], asked: number[]): number[] {
  if (asked.length) return links.filter((l) => asked.includes(l.mailaccount_id)).map((l) => l.mailaccount_id);
  return links.filter((l) => l.selected).map((l) => l.mailaccount_id);
}

export type MailRow = Selectable<MailsTable>;

/** The mail and its account link, or 404 when the user may not see it. */
export async function visibleMail(req: FastifyRequest, maId: number, db: MailDb = mailDb(req.db)): Promise<{ mail: MailRow; link: AccountLink }> {
  const links = await linkedAccounts(req, db);
  const mail = await db.selectFrom('mails').selectAll().where('ma_id', '=', maId).executeTakeFirst();
  const link = mail && links.find((l) => l.mailaccount_id === mail.mailaccount_id);
  if (!mail || !link) throw mailNotFound();
  return { mail, link };
}
