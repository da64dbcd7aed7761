/** The identity API: GET /connections (the subject's tenants) and DELETE /connections/{id}. */
import type { XeroHandler } from './context';
import { isoNoZone, notFound } from './wire';

// Xero writes these dates as ISO without a zone and with 7 decimals ("2019-12-07T18:46:19.5165400").
const identityDate = (ms: number) => `${isoNoZone(ms)}.${String(ms % 1000).padStart(3, '0')}0000`;

const getConnections: XeroHandler = (call) => ({
  status: 200,
  body: call.state.connectionsOf(call.subject).map((c) => ({
    id: c.id,
    tenantId: c.tenantId,
    tenantType: 'ORGANISATION',
    tenantName: call.state.tenants.get(c.tenantId)?.name ?? '',
    createdDateUtc: identityDate(c.createdMs),
    updatedDateUtc: identityDate(c.updatedMs),
  })),
});

const deleteConnection: XeroHandler = (call) => (call.state.disconnect(call.subject, { id: call.params.id?.toLowerCase() }) ? { status: 204 } : notFound());

export const identityHandlers: Record<string, XeroHandler> = { getConnections, deleteConnection };
