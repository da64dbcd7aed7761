/**
 * The Drive v3 calls googledrive makes, through the shared provider client (typed errors, the
 * bearer renewed by the token service). Only the fields the product shows are asked for.
 */
import type { DriveChange, DriveFile } from '../../../core/google/drive';
import { DRIVE_FOLDER, DRIVE_PAGE_SIZE } from '../../../core/google/drive';
import { rootOfBound } from '../../db/types';
import type { BudgetLimits } from '../../integrations/budget/budget';
import { NotFound } from '../../integrations/http/errors';
import { grantBearer, providerClient, type ProviderClient } from '../../integrations/http/providerClient';
import { googleEndpoints } from '../../integrations/providerConfig';
import { asOAuth, type GoogleDb } from '../accounts';

const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,createdTime';
const GOOGLE_APPS = 'application/vnd.google-apps.';
// Google's own formats with no bytes of their own that Drive can export as PDF (a folder, form or shortcut cannot be).
const EXPORTS_AS_PDF = new Set(['document', 'spreadsheet', 'presentation', 'drawing'].map((k) => GOOGLE_APPS + k));

/** The file has no bytes to download and no PDF to export (a folder, a form, a shortcut). */
export class NotDownloadable extends Error {}

/** Well under Drive's per-user quota (12,000 a minute), so one busy user cannot spend the project's. */
export const DRIVE_BUDGET_LIMITS: BudgetLimits = { perMinute: 600, perDay: 100_000, concurrent: 4 };

/** The budget's key of one Google account of a brand: after a quota answer, its calls wait until Google's retry time. */
export const driveScopeKey = (schema: string, gaId: number) => `google:${schema}:${gaId}`;

export function driveClient(db: GoogleDb, schema: string, gaId: number): ProviderClient {
  const root = rootOfBound(db);
  return providerClient({
    provider: 'google',
    baseUrl: googleEndpoints().apiUrl,
    auth: grantBearer(asOAuth(db), gaId),
    budget: root ? { root, key: { provider: 'google', scopeKey: driveScopeKey(schema, gaId) }, limits: DRIVE_BUDGET_LIMITS } : null,
  });
}

/** Drive's query language quotes with '…' and escapes ' and \ with a backslash. */
const quoted = (s: string) => `'${s.replace(/[\\']/g, '\\$&')}'`;

interface WireFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  modifiedTime?: string;
  createdTime?: string;
}

const toFile = (f: WireFile): DriveFile => ({
  id: f.id,
  name: f.name,
  mimeType: f.mimeType,
  // Drive sends size as a string (int64), and none for folders and Google Docs.
  size: f.size === undefined ? null : Number(f.size),
  modifiedTime: f.modifiedTime ?? null,
  createdTime: f.createdTime ?? null,
});

/** One page (100) of a folder's files, folders first then by name. */
export async function listFolder(client: ProviderClient, folderId: string, pageToken?: string) {
  const answer = await client.call<{ files: WireFile[]; nextPageToken?: string }>('GET', '/drive/v3/files', {
    query: {
      q: `${quoted(folderId)} in parents and trashed = false`,
      orderBy: 'folder,name',
      pageSize: DRIVE_PAGE_SIZE,
      pageToken,
      fields: `nextPageToken,files(${FILE_FIELDS})`,
    },
  });
  return { files: answer.body.files.map(toFile), nextPageToken: answer.body.nextPageToken ?? null };
}

/** Every sub-folder of a folder (for the folder picker), following pages. */
export async function listSubfolders(client: ProviderClient, folderId: string): Promise<DriveFile[]> {
  const out: DriveFile[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await client.call<{ files: WireFile[]; nextPageToken?: string }>('GET', '/drive/v3/files', {
      query: {
        q: `${quoted(folderId)} in parents and trashed = false and mimeType = ${quoted(DRIVE_FOLDER)}`,
        orderBy: 'name',
        pageSize: 1000,
        pageToken,
        fields: `nextPageToken,files(${FILE_FIELDS})`,
      },
    });
    out.push(...answer.body.files.map(toFile));
    pageToken = answer.body.nextPageToken;
  } while (pageToken);
  return out;
}

export async function fileMeta(client: ProviderClient, fileId: string): Promise<DriveFile> {
  return toFile((await client.call<WireFile>('GET', `/drive/v3/files/${encodeURIComponent(fileId)}`, { query: { fields: FILE_FIELDS } })).body);
}

/** Whether Drive no longer has the file for this user: deleted, or in the trash. */
export async function isGone(client: ProviderClient, fileId: string): Promise<boolean> {
  try {
    const answer = await client.call<{ trashed?: boolean }>('GET', `/drive/v3/files/${encodeURIComponent(fileId)}`, { query: { fields: 'id,trashed' } });
    return answer.body.trashed === true;
  } catch (error) {
    if (error instanceof NotFound) return true;
    throw error;
  }
}

/** The file's bytes as a stream, a Google Doc exported as PDF; with the name and type to send them under. */
export async function download(client: ProviderClient, fileId: string) {
  const meta = await fileMeta(client, fileId);
  const path = `/drive/v3/files/${encodeURIComponent(fileId)}`;
  if (EXPORTS_AS_PDF.has(meta.mimeType)) {
    const answer = await client.stream('GET', `${path}/export`, { query: { mimeType: 'application/pdf' } });
    return { name: `${meta.name}.pdf`, mimeType: 'application/pdf', body: answer.body };
  }
  if (meta.mimeType.startsWith(GOOGLE_APPS)) throw new NotDownloadable(meta.mimeType);
  const answer = await client.stream('GET', path, { query: { alt: 'media' } });
  return { name: meta.name, mimeType: meta.mimeType, body: answer.body };
}

/** A new folder in My Drive (files.create with the folder type and no bytes). */
export async function createFolder(client: ProviderClient, name: string): Promise<DriveFile> {
  const answer = await client.call<WireFile>('POST', '/drive/v3/files', {
    query: { fields: FILE_FIELDS },
    body: { name, mimeType: DRIVE_FOLDER, parents: ['root'] },
  });
  return toFile(answer.body);
}

export async function trash(client: ProviderClient, fileId: string): Promise<DriveFile> {
  const answer = await client.call<WireFile>('PATCH', `/drive/v3/files/${encodeURIComponent(fileId)}`, {
    query: { fields: FILE_FIELDS },
    body: { trashed: true },
  });
  return toFile(answer.body);
}

export async function startPageToken(client: ProviderClient): Promise<string> {
  return (await client.call<{ startPageToken: string }>('GET', '/drive/v3/changes/startPageToken')).body.startPageToken;
}

interface WireChange {
  fileId: string;
  removed?: boolean;
  file?: WireFile & { trashed?: boolean };
}

/** Every change since `token`, following pages; with the token to start from next time. */
export async function changesSince(client: ProviderClient, token: string): Promise<{ changes: DriveChange[]; next: string }> {
  const changes: DriveChange[] = [];
  let pageToken = token;
  for (;;) {
    const answer = await client.call<{ changes: WireChange[]; nextPageToken?: string; newStartPageToken?: string }>('GET', '/drive/v3/changes', {
      query: { pageToken, pageSize: 1000, fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS},trashed))` },
    });
    for (const c of answer.body.changes) {
      const gone = c.removed === true || c.file?.trashed === true;
      changes.push({ fileId: c.fileId, removed: gone, file: c.file && !gone ? toFile(c.file) : null });
    }
    if (answer.body.newStartPageToken) return { changes, next: answer.body.newStartPageToken };
    if (!answer.body.nextPageToken) return { changes, next: pageToken };
    pageToken = answer.body.nextPageToken;
  }
}
