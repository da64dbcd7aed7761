/**
 * Graph's mail contracts (../shared/contracts/microsoft/: Mail.yml, Users.Actions.yml,
 * Users.Functions.yml), cut down to the operations the mail fake serves and rewritten as the
 * contracts README says, so a validator sees what goes over the wire:
 * 1. each `/users/{user-id}/...` path is also served as `/me/...` (operation id + `.me`);
 * 2. `/microsoft.graph.sendMail`, `/microsoft.graph.move`, `/microsoft.graph.delta()` become
 *    `/sendMail`, `/move`, `/delta`;
 * 3. action body parameters are camelCase (`message`, `saveToSentItems`, `destinationId`), nothing else allowed;
 * 4. `additionalProperties: {type: object}` (OData open types) is dropped.
 */
import path from 'node:path';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { loadContract } from '../contracts';

export const GRAPH_ROOT = '/graph/v1.0';

export interface GraphMailContracts {
  mail: OpenAPIBackend;
  actions: OpenAPIBackend;
  functions: OpenAPIBackend;
}

type Doc = Document & { paths: Record<string, Record<string, unknown>>; components?: Record<string, unknown> };

/** The paths kept of each file, relative to `/users/{user-id}`, as the file writes them. */
const KEPT: Record<keyof GraphMailContracts, { file: string; paths: string[] }> = {
  mail: {
    file: 'Mail.yml',
    paths: [
      '/mailFolders',
      '/mailFolders/{mailFolder-id}',
      '/mailFolders/{mailFolder-id}/childFolders',
      '/messages/{message-id}',
      '/messages/{message-id}/$value',
    ],
  },
  actions: { file: 'Users.Actions.yml', paths: ['/messages/{message-id}/microsoft.graph.move', '/microsoft.graph.sendMail'] },
  functions: { file: 'Users.Functions.yml', paths: ['/mailFolders/{mailFolder-id}/messages/microsoft.graph.delta()'] },
};

/**
 * openapi-backend escapes a path for matching but not for reading its parameters, where `$value`'s
 * `$` ends the pattern: the document and the request (matchPath) both name that segment `%24value`.
 */
const wirePath = (p: string) => matchPath(p.replace(/\/microsoft\.graph\.([A-Za-z]+)(\(\))?/g, '/$1'));
export const matchPath = (p: string) => p.replace(/\/\$value$/, '/%24value');
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** Drops OData's open-type `additionalProperties: {type: object}` everywhere. */
function dropOpenTypes(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const o = node as Record<string, unknown>;
  const extra = o.additionalProperties as { type?: unknown } | undefined;
  if (extra && typeof extra === 'object' && extra.type === 'object' && Object.keys(extra).length === 1) delete o.additionalProperties;
  for (const value of Object.values(o)) dropOpenTypes(value);
}

/** An action body's top-level parameters in camelCase (the PowerShell slices capitalise them). */
function camelBody(body: unknown): void {
  const schema = (body as { content?: Record<string, { schema?: { properties?: Record<string, unknown>; additionalProperties?: unknown } }> } | undefined)
    ?.content?.['application/json']?.schema;
  if (!schema?.properties) return;
  schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [camel(k), v]));
  // Nothing else (as the base contract, ./contracts.ts): the slices' capitalised names are not the wire's.
  schema.additionalProperties = false;
}

/** The cut-down, rewritten document of one file. */
export function rewriteGraphDocument(doc: Doc, kept: string[]): Document {
  const components = doc.components ?? {};
  // Shared parameters in line (the quick loader leaves a parameter's $ref unresolved).
  const shared = (components.parameters ?? {}) as Record<string, unknown>;
  const inline = (params: { $ref?: string; name?: string }[] = []) =>
    params.map((p) => (p.$ref ? (shared[p.$ref.replace('#/components/parameters/', '')] as { name?: string }) : p));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const rel of kept) {
    const item = doc.paths[`/users/{user-id}${rel}`];
    if (!item) throw new Error(`The Graph contract has no path /users/{user-id}${rel}`);
    const users: Record<string, unknown> = {};
    // The /me twin: the same operations without the user-id parameter, under their own ids.
    const me: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || op === null || !('operationId' in op)) {
        users[method] = op;
        me[method] = op;
        continue;
      }
      const o = op as { operationId: string; parameters?: { $ref?: string; name?: string }[]; requestBody?: { $ref?: string } };
      const ref = o.requestBody?.$ref?.replace('#/components/requestBodies/', '');
      const requestBody = ref ? structuredClone((components.requestBodies as Record<string, unknown>)[ref]) : o.requestBody;
      camelBody(requestBody);
      const parameters = inline(o.parameters);
      users[method] = { ...o, parameters, requestBody };
      me[method] = { ...o, operationId: `${o.operationId}.me`, parameters: parameters.filter((p) => p.name !== 'user-id'), requestBody };
    }
    paths[`/users/{user-id}${wirePath(rel)}`] = users;
    paths[`/me${wirePath(rel)}`] = me;
  }
  const out = { ...doc, paths, components } as Doc;
  dropOpenTypes(out);
  return out;
}

async function readDocument(file: string): Promise<Doc> {
  const api = new OpenAPIBackend({ definition: file, strict: false, validate: false, quick: true });
  return (await api.loadDocument()) as Doc;
}

export async function loadGraphMailContracts(contractsDir: string): Promise<GraphMailContracts> {
  const load = async (key: keyof GraphMailContracts) => {
    const { file, paths } = KEPT[key];
    const doc = await readDocument(path.join(contractsDir, 'microsoft', file));
    return loadContract(rewriteGraphDocument(doc, paths), GRAPH_ROOT);
  };
  const [mail, actions, functions] = await Promise.all([load('mail'), load('actions'), load('functions')]);
  return { mail, actions, functions };
}
