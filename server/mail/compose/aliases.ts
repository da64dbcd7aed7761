/**
 * The From addresses a user may choose: the aliases of the accounts they may send on, the default
 * account's default alias first. An account without alias rows offers its own address.
 */
import type { FastifyInstance } from 'fastify';
import { composeText } from '../../../core/mail/compose/messages';
import { AppError } from '../../envelope/errors';
import { action } from '../../http/route';
import { MAIL_GATE, hasOutgoingRoute, linkedAccounts, mailRefusal, userId } from './access';
import type { ComposeDb } from './tables';
import { composeDb } from './tables';

export interface FromAlias {
  /** null: the account's own address (the account has no alias rows). */
  mal_id: number | null;
  mailaccount_id: number;
  mal_email: string;
  mal_name: string | null;
  mal_is_default: boolean;
  ma_name: string;
  /** false: the account has no outgoing server, so the composer says so before the user writes. */
  can_send: boolean;
}

export async function sendableAliases(db: ComposeDb, usId: number): Promise<FromAlias[]> {
  const links = await linkedAccounts(db, usId);
  if (links.length === 0) throw mailRefusal('errors.noAccount');
  const sendable = links.filter((l) => l.maxu_user_can_send);
  if (sendable.length === 0) throw mailRefusal('errors.noSendPermission');
  const rows = await db
    .selectFrom('mailaliases')
    .select(['mal_id', 'mailaccount_id', 'mal_email', 'mal_name', 'mal_is_default'])
    .where(
      'mailaccount_id',
      'in',
      sendable.map((l) => l.mailaccount_id),
    )
    .orderBy('mal_is_default', 'desc')
    .orderBy('mal_email')
    .execute();
  const out: FromAlias[] = [];
  // `sendable` is already in the user's order (default account first).
  for (const link of sendable) {
    const own = rows.filter((r) => r.mailaccount_id === link.mailaccount_id);
    if (own.length === 0)
      out.push({
        mal_id: null,
        mailaccount_id: link.mailaccount_id,
        mal_email: link.ma_email,
        mal_name: link.ma_name,
        mal_is_default: true,
        ma_name: link.ma_name,
        can_send: hasOutgoingRoute(link),
      });
    else for (const r of own) out.push({ ...r, ma_name: link.ma_name, can_send: hasOutgoingRoute(link) });
  }
  return out;
}

/** The chosen From (by alias id, or by account for an account without aliases); refused when not the user's to send from. */
export async function resolveFrom(db: ComposeDb, usId: number, choice: { mal_id?: number | null; mailaccount_id?: number | null }): Promise<FromAlias> {
  const aliases = await sendableAliases(db, usId);
  // No choice: the default account's address, unless it cannot send (no outgoing server, as the demo's
  // Office): then the first that can, so a new mail is not refused at Send (issue 26).
  if (choice.mal_id == null && choice.mailaccount_id == null) return aliases.find((a) => a.can_send) ?? aliases[0];
  const found =
    choice.mal_id != null
      ? aliases.find((a) => a.mal_id === choice.mal_id)
      : (aliases.find((a) => a.mailaccount_id === choice.mailaccount_id && a.mal_is_default) ??
        aliases.find((a) => a.mailaccount_id === choice.mailaccount_id));
  if (!found) throw new AppError({ code: 'VALIDATION', status: 400, primary: composeText('errors.cannotSendFrom'), details: 'mal_id' });
  return found;
}

export function registerAliasRoutes(app: FastifyInstance): void {
  const key = 'mailaliases';
  action(
    app,
    { method: 'GET', url: '/api/mailaliases/list', key, gate: MAIL_GATE, summary: 'From addresses of the accounts the user may send on, default first' },
    async (req) => {
      const data = await sendableAliases(composeDb(req.db), userId(req));
      return { data, totalCount: data.length };
    },
  );
}
