/**
 * The OpenAPI `operationId` of every API route, derived from its method and URL in this one place
 * (docs/ARCHITECTURE.md, "OpenAPI"): the static segments after /api, camel-cased and joined
 * (`/api/jobs/filter` → `jobsFilter`, `/api/dev/sites/create` → `devSitesCreate`), plus the
 * method's word (GET Get, POST Create, PATCH Update, DELETE Delete) when a GET, PATCH or DELETE URL
 * ends in a parameter (`PATCH /api/contacts/:id` → `contactsUpdate`; a POST there is an action named
 * by its segments: `POST /api/mails/sync/:id` → `mailsSync`) or the same URL serves several methods
 * (`GET`/`POST /api/jobs/:id/sales` → `jobsSalesGet`/`jobsSalesCreate`). A URL of the feature
 * alone takes the word too (`GET /api/brandsiteconfig` → `brandsiteconfigGet`), plus `Many` for a
 * PATCH or DELETE, which act on several records (`PATCH /api/mails` → `mailsUpdateMany`).
 * A route may still name itself with `schema.operationId`; the docs test keeps them all unique.
 */

const METHOD_WORDS: Record<string, string> = { GET: 'Get', POST: 'Create', PUT: 'Replace', PATCH: 'Update', DELETE: 'Delete' };

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

function camel(segment: string, first: boolean): string {
  const words = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (first && i === 0 ? w[0].toLowerCase() : w[0].toUpperCase()) + w.slice(1)).join('');
}

/**
 * `methodsOnUrl`: every method (HEAD excepted) that the same URL serves, so that each of them gets
 * its method's word. Returns null for URLs outside /api.
 */
export function operationIdFor(method: string, url: string, methodsOnUrl: readonly string[] = [method]): string | null {
  const segments = url.split('?')[0].split('/').filter(Boolean);
  if (segments[0] !== 'api' || segments.length < 2) return null;
  const rest = segments.slice(1);
  const words = rest.filter((s) => !isParam(s));
  const base = words.map((s, i) => camel(s, i === 0)).join('');
  const word = METHOD_WORDS[method.toUpperCase()] ?? camel(method.toLowerCase(), false);
  if (isParam(rest[rest.length - 1]) && method.toUpperCase() !== 'POST') return base + word;
  if (words.length === 1) return base + word + (['PATCH', 'DELETE'].includes(method.toUpperCase()) ? 'Many' : '');
  const several = new Set(methodsOnUrl.map((m) => m.toUpperCase()).filter((m) => m !== 'HEAD')).size > 1;
  return several ? base + word : base;
}
