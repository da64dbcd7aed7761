/**
 * Who may do what with mail accounts (SPEC.md point 6): a user sees only the accounts linked to
 * them in mailaccount_users (and enabled), and sends only from those where the link says so.
 */
import type { FastifyRequest } from 'fastify';
import type { Gate } from '../../../core/access/access';
import { STAFF } from '../../../core/access/roles';
import { composeText } from '../../../core/mail/compose/messages';
import { AppError, authRequired } from '../../envelope/errors';
import type { ComposeDb } from './tables';

export const MAIL_GATE: Gate = { roles: STAFF, requiredFeatures: ['mail.enabled'] };

export interface AccountLink {
  mailaccount_id: number;
  ma_email: string;
  ma_name: string;
  maxu_default: boolean;
  maxu_user_can_send: boolean;
  maxu_user_can_delete: boolean;
  mailserver_id: number | null;
  ma_source: 'imap' | 'graph';
}

/**
 * Whether the account can send at all: an IMAP account needs an outgoing server; a Microsoft
 * mailbox (ma_source 'graph') sends through Graph's sendMail and needs none.
 */
export function hasOutgoingRoute(account: { mailserver_id: number | null; ma_source: 'imap' | 'graph' }): boolean {
  return account.ma_source === 'graph' || account.mailserver_id !== null;
}

export function userId(req: FastifyRequest): number {
  if (!req.user) throw authRequired();
  return req.user.us_id;
}

/** 403 about this user's mail links; the SPA shows it as a notice and stays (general 'record'). */
export const mailRefusal = (key: string) => new AppError({ code: 'FORBIDDEN', status: 403, primary: composeText(key), general: 'record' });

export const mailNotFound = () => new AppError({ code: 'NOT_FOUND', status: 404, primary: composeText('errors.mailNotFound') });

/** The enabled accounts linked to the user, their default first. */
export async function linkedAccounts(db: ComposeDb, usId: number): Promise<AccountLink[]> {
  return db
    .selectFrom('mailaccount_users as x')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'x.mailaccount_id')
    .select([
      'a.mailaccount_id',
      'a.ma_email',
      'a.ma_name',
      'a.mailserver_id',
      'a.ma_source',
      'x.maxu_default',
      'x.maxu_user_can_send',
      'x.maxu_user_can_delete',
    ])
    .where('x.us_id', '=', usId)
    .where('a.ma_enabled', '=', true)
    .orderBy('x.maxu_default', 'desc')
    .orderBy('a.ma_name')
    .execute();
}

/** The ids of the accounts the user may send from; refuses with SPEC.md's texts when there are none. */
export async function sendableAccountIds(db: ComposeDb, usId: number): Promise<number[]> {
  const links = await linkedAccounts(db, usId);
  if (links.length === 0) throw mailRefusal('errors.noAccount');
  const sendable = links.filter((l) => l.maxu_user_can_send).map((l) => l.mailaccount_id);
  if (sendable.length === 0) throw mailRefusal('errors.noSendPermission');
  return sendable;
}

/** The ids of every account linked to the user (reading). */
export async function readableAccountIds(db: ComposeDb, usId: number): Promise<number[]> {
  return (await linkedAccounts(db, usId)).map((l) => l.mailaccount_id);
}

/** A mail of an account linked to the user, or 404. */
export async function readableMail(db: ComposeDb, usId: number, maId: number) {
  const ids = await readableAccountIds(db, usId);
  if (ids.length === 0) throw mailNotFound();
  const mail = await db.selectFrom('mails').selectAll().where('ma_id', '=', maId).where('mailaccount_id', 'in', ids).executeTakeFirst();
  if (!mail) throw mailNotFound();
  return mail;
}
