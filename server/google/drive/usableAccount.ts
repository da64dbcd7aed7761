import type { FastifyRequest } from 'fastify';
import { loginRequired, ownAccount } from '../accountRoutes';

/** The user's own account, selected and accepted by Google: the one a Drive call may use. */
export async function usableAccount(req: FastifyRequest, gaId: number) {
  const account = await ownAccount(req, gaId);
  if (!account.google_account_selected || account.status !== 'connected') throw loginRequired();
  return account;
}
