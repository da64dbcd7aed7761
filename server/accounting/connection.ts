/**
 * Whether the brand has a working accounting connection (a Xero grant with a tenant).
 *
 * STUB: there is no connection yet (the OAuth grant and the Xero adapter come with the sync's own
 * work, server/integrations/xero/). Every caller asks this one function, so replacing its body
 * with the real grant lookup switches the sync routes on; until then they answer AUTHERROR
 * instead of pretending that a sync ran.
 */
import type { FastifyRequest } from 'fastify';

export type AccountingConnection = { connected: false } | { connected: true; tenantId: string };

export async function accountingConnectionStub(_req: FastifyRequest): Promise<AccountingConnection> {
  return { connected: false };
}
