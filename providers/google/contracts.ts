/**
 * Google's contracts: its discovery documents (../shared/contracts/google/), converted as the
 * contracts README says (discovery → Swagger 2.0 → OpenAPI 3) and loaded with openapi-backend.
 * Drive's converted server carries `/drive/v3`, so it is routed under `/google/drive/v3`; Tasks
 * and userinfo paths already start with `/tasks/v1/` and `/oauth2/v2/`, so they sit under `/google`.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Document, OpenAPIBackend } from 'openapi-backend';
import { loadContract } from '../contracts';

// Both converters are CommonJS without types; only these two calls are used.
const require = createRequire(import.meta.url);
const discoveryToSwagger = require('google-discovery-to-swagger') as { convert(discovery: unknown): unknown };
const swaggerToOpenapi = require('swagger2openapi') as {
  convertObj(swagger: unknown, options: Record<string, unknown>): Promise<{ openapi: Document }>;
};

export type GoogleApi = 'drive' | 'tasks' | 'oauth2';

export type GoogleContracts = Record<GoogleApi, OpenAPIBackend>;

/** Where each API is served, relative to the provider server's root. */
export const API_ROOTS: Record<GoogleApi, string> = { drive: '/google/drive/v3', tasks: '/google', oauth2: '/google' };

const FILES: Record<GoogleApi, string> = { drive: 'drive.v3.json', tasks: 'tasks.v1.json', oauth2: 'oauth2.v2.json' };

export async function convertDiscovery(file: string): Promise<Document> {
  const discovery: unknown = JSON.parse(await readFile(file, 'utf8'));
  // patch: the converter fixes small faults of the Swagger it is given instead of refusing it.
  const { openapi } = await swaggerToOpenapi.convertObj(discoveryToSwagger.convert(discovery), { patch: true, warnOnly: true });
  return openapi;
}

export async function loadGoogleContracts(contractsDir: string): Promise<GoogleContracts> {
  const load = async (api: GoogleApi) => loadContract(await convertDiscovery(path.join(contractsDir, 'google', FILES[api])), API_ROOTS[api]);
  const [drive, tasks, oauth2] = await Promise.all([load('drive'), load('tasks'), load('oauth2')]);
  return { drive, tasks, oauth2 };
}
