/**
 * Microsoft Graph's contract: the four PowerShell-flavoured slices in ../shared/contracts/microsoft/
 * (Users, Mail, Users.Actions, Users.Functions), cut down to the mailbox's paths and rewritten as the
 * contracts README says before they validate a wire request:
 * 1. `/users/{user-id}/...` is also served as `/me/...` (operation ids prefixed `me.`);
 * 2. `/microsoft.graph.sendMail` → `/sendMail`, `/microsoft.graph.delta()` → `/delta`;
 * 3. action body parameters are camelCase (`message`, `saveToSentItems`, `destinationId`);
 * 4. `additionalProperties: {type: object}` (OData open types) is dropped.
 * The slices are merged into one document (their components come from the same CSDL: first wins),
 * served under `/graph/v1.0`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document, OpenAPIBackend } from 'openapi-backend';
import { loadContract } from '../contracts';

export const GRAPH_ROOT = '/graph/v1.0';

const SLICES = ['Users.yml', 'Mail.yml', 'Users.Actions.yml', 'Users.Functions.yml'] as const;

/** The mailbox's part of a slice: the user itself, its mail folders, messages, sendMail and mailbox settings. */
const KEEP = /^\/users\/\{user-id\}(\/(mailFolders|messages|microsoft\.graph\.sendMail|mailboxSettings)(\/.*)?)?$/;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrite 2: the namespace off actions and functions, and a function's `()`. */
export const wirePath = (p: string): string => p.replace(/\/microsoft\.graph\.([A-Za-z]+)(\(\))?/g, '/$1');

const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Rewrite 4 everywhere; rewrite 3 on the schemas of request bodies (`components.requestBodies`). */
function dropOpenTypes(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropOpenTypes);
  if (!isNode(node)) return;
  const extra = node.additionalProperties;
  if (isNode(extra) && extra.type === 'object' && Object.keys(extra).length === 1) delete node.additionalProperties;
  for (const v of Object.values(node)) dropOpenTypes(v);
}

function camelBodies(requestBodies: Node): void {
  for (const body of Object.values(requestBodies)) {
    const content = isNode(body) && isNode(body.content) ? body.content : {};
    for (const media of Object.values(content)) {
      const schema = isNode(media) && isNode(media.schema) ? media.schema : null;
      if (!schema || !isNode(schema.properties)) continue;
      schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [camel(k), v]));
      if (Array.isArray(schema.required)) schema.required = schema.required.map((k) => camel(String(k)));
      // An action's parameters are exactly the CSDL's: a capitalised `Message` is a client's drift.
      schema.additionalProperties = false;
    }
  }
}

/** Every operation of a path item, with its id prefixed (the `/me` twin's ids must differ). */
function renamed(item: Node, prefix: string): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(item)) {
    if (isNode(value) && typeof value.operationId === 'string') {
      const op = structuredClone(value);
      op.operationId = prefix + String(value.operationId);
      // `/me` has no user-id parameter.
      if (prefix && Array.isArray(op.parameters)) op.parameters = op.parameters.filter((p) => !(isNode(p) && p.name === 'user-id' && p.in === 'path'));
      out[key] = op;
    } else if (key === 'parameters' && prefix && Array.isArray(value)) {
      out[key] = value.filter((p) => !(isNode(p) && p.name === 'user-id' && p.in === 'path'));
    } else out[key] = value;
  }
  return out;
}

/**
 * js-yaml (openapi-backend's own YAML reader, through its ref parser; untyped here) reads the 3.5 MB
 * of slices in about a second, several times faster than the `yaml` package.
 */
const yamlLoad = async (): Promise<(text: string) => unknown> => ((await import('js-yaml' as string)) as { load(text: string): unknown }).load;

/** The merged, rewritten Graph document (exported for the fake's own tests). */
export async function graphDocument(contractsDir: string): Promise<Document> {
  const load = await yamlLoad();
  const docs = await Promise.all(SLICES.map(async (f) => load(await readFile(path.join(contractsDir, 'microsoft', f), 'utf8')) as Node));
  const paths: Node = {};
  const components: Record<string, Node> = {};
  for (const doc of docs) {
    for (const [p, item] of Object.entries(isNode(doc.paths) ? doc.paths : {})) {
      if (!KEEP.test(p) || !isNode(item)) continue;
      const wire = wirePath(p);
      paths[wire] ??= renamed(item, '');
      paths[wire.replace(/^\/users\/\{user-id\}/, '/me')] ??= renamed(item, 'me.');
    }
    for (const [section, entries] of Object.entries(isNode(doc.components) ? doc.components : {})) {
      if (!isNode(entries)) continue;
      components[section] ??= {};
      for (const [name, value] of Object.entries(entries)) components[section][name] ??= value;
    }
  }
  if (components.requestBodies) camelBodies(components.requestBodies);
  const document = { openapi: '3.0.1', info: { title: 'Microsoft Graph (mailbox)', version: 'v1.0' }, paths, components } as Node;
  dropOpenTypes(document);
  return document as unknown as Document;
}

export async function loadGraphContract(contractsDir: string): Promise<OpenAPIBackend> {
  return loadContract(await graphDocument(contractsDir), GRAPH_ROOT);
}
