/**
 * The providers' own contracts, read at run time from `../shared/contracts/` beside the repository
 * (never copied into it, see that folder's README.md). Without the folder the server still runs, but
 * validates nothing: `contractsDir()` answers null and the caller says so once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Ajv from 'ajv';
import { OpenAPIBackend, type Document } from 'openapi-backend';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The contracts folder, or null when shared/ is not beside the repository (`PROVIDER_CONTRACTS_DIR` overrides). */
export function contractsDir(): string | null {
  const dir = process.env.PROVIDER_CONTRACTS_DIR ?? path.resolve(repoRoot, '..', 'shared', 'contracts');
  return existsSync(dir) ? dir : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Xero's wire dates: ISO 8601 with or without a zone (its own examples omit it), or the Microsoft
// JSON form `/Date(ms+0000)/` the contract marks x-is-msdate.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MS_DATE = /^\/Date\(-?\d+([+-]\d{4})?\)\/$/;

/**
 * The Xero file does not pass a strict loader, and openapi-backend's `decycle` turns every repeated
 * object (not only cycles) into `{ $ref }`; where that object is an `enum` or `required` list, Ajv
 * refuses the schema. This puts the list back before Ajv compiles.
 */
function restoreLists(root: unknown): unknown {
  const resolve = (ref: string): unknown =>
    ref
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'enum' || key === 'required') && value && !Array.isArray(value) && typeof (value as { $ref?: unknown }).$ref === 'string') {
        (node as Record<string, unknown>)[key] = resolve((value as { $ref: string }).$ref);
      } else walk(value);
    }
  };
  walk(root);
  return root;
}

function customizeAjv(ajv: Ajv): Ajv {
  ajv.addFormat('uuid', UUID);
  ajv.addFormat('date-time', (v: string) => ISO_DATE_TIME.test(v) || MS_DATE.test(v));
  ajv.addFormat('date', (v: string) => ISO_DATE_TIME.test(v) || MS_DATE.test(v));
  // Graph's OData formats (int16, time, duration, decimal ...) are not JSON Schema's either.
  for (const name of [
    'base64url',
    'int8',
    'int16',
    'uint8',
    'sbyte',
    'decimal',
    'duration',
    'time',
    'double',
    'float',
    'int32',
    'int64',
    'byte',
    'binary',
    'password',
  ])
    ajv.addFormat(name, true);
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: object) => compile(restoreLists(schema) as object)) as typeof ajv.compile;
  return ajv;
}

/**
 * One contract as openapi-backend sees it, routed under `apiRoot` (the path the fake serves it on):
 * a file, or a document already in memory (Google's, converted from its discovery format).
 */
export async function loadContract(file: string | Document, apiRoot: string): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: file,
    apiRoot,
    // The file fails strict definition validation (contracts README); validate requests, not the file.
    strict: false,
    validate: true,
    // Compile each operation's validators on first use: the accounting file has 235 operations.
    quick: true,
    ajvOpts: { strict: false, allErrors: true },
    customizeAjv: (ajv) => customizeAjv(ajv),
  });
  await api.init();
  // openapi-backend flattens the document's operations again on every match and validation (lodash
  // over every path): the fake's largest cost per request, most of a 10,000-mail bench's fake time.
  // The document does not change once loaded, so the list is made once.
  const operations = api.router.getOperations();
  api.router.getOperations = () => operations;
  return api;
}
