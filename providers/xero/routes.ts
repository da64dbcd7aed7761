/**
 * The operations this fake answers, by the contract's operationId, with their path templates
 * (relative to /xero for the identity API, /xero/api.xro/2.0 for accounting). With the contracts
 * present openapi-backend names the operation and this table only extracts its path parameters;
 * without them the table is the router.
 */
export interface Route {
  method: string;
  template: string;
  operationId: string;
  identity: boolean;
}

const identity = (method: string, template: string, operationId: string): Route => ({ method, template, operationId, identity: true });
const accounting = (method: string, template: string, operationId: string): Route => ({ method, template, operationId, identity: false });

export const ROUTES: Route[] = [
  identity('GET', '/Connections', 'getConnections'),
  identity('DELETE', '/Connections/{id}', 'deleteConnection'),
  accounting('GET', '/Organisation', 'getOrganisations'),
  accounting('GET', '/Contacts', 'getContacts'),
  accounting('PUT', '/Contacts', 'createContacts'),
  accounting('POST', '/Contacts', 'updateOrCreateContacts'),
  accounting('GET', '/Contacts/{ContactID}', 'getContact'),
  accounting('GET', '/Contacts/{ContactNumber}', 'getContactByContactNumber'),
  accounting('POST', '/Contacts/{ContactID}', 'updateContact'),
  accounting('GET', '/Items', 'getItems'),
  accounting('PUT', '/Items', 'createItems'),
  accounting('POST', '/Items', 'updateOrCreateItems'),
  accounting('GET', '/TaxRates', 'getTaxRates'),
  ...(['Invoice', 'Quote', 'CreditNote'] as const).flatMap((kind) => [
    accounting('PUT', `/${kind}s`, `create${kind}s`),
    accounting('POST', `/${kind}s`, `updateOrCreate${kind}s`),
    accounting('GET', `/${kind}s/{${kind}ID}`, `get${kind}`),
    accounting('POST', `/${kind}s/{${kind}ID}`, `update${kind}`),
  ]),
  accounting('GET', '/Invoices/{InvoiceID}/OnlineInvoice', 'getOnlineInvoice'),
];

const toRegex = (template: string) => new RegExp(`^${template.replace(/\{([A-Za-z]+)\}/g, '(?<$1>[^/]+)')}/?$`);
const compiled = ROUTES.map((r) => ({ ...r, regex: toRegex(r.template) }));

/** The path parameters of `operationId` in `path` (relative to its API's root), or null when it does not fit. */
export function paramsFor(operationId: string, path: string): Record<string, string> | null {
  const route = compiled.find((r) => r.operationId === operationId);
  const m = route?.regex.exec(path);
  return m ? Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)])) : null;
}

/** The first route for a method and path, when no contract is loaded. */
export function routeOf(method: string, path: string, identityApi: boolean): Route | null {
  return compiled.find((r) => r.identity === identityApi && r.method === method && r.regex.test(path)) ?? null;
}
