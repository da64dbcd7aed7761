/**
 * googledrive: browsing the Drive of one of the user's own Google accounts (SPEC point 7). Every
 * call names the account (ga_id); another user's account is as absent as one that never was (404),
 * and one left out of the selection, or no longer accepted by Google, asks for the Google login.
 * Downloads stream through the server (Google Docs exported as PDF); delete moves to the trash;
 * sync reads Drive's change list from where the account's last sync left off. A job's own folder
 * is jobFolderRoutes.ts.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import type { FastifyInstance } from 'fastify';
import { GOOGLE_DRIVE_GATE } from '../../../core/google/constants';
import type { DriveSyncResult } from '../../../core/google/drive';
import { DOWNLOAD_CSP } from '../../files/download';
import { idSchema } from '../../http/bodyShapes';
import { action, fileAction } from '../../http/route';
import { pdfDisposition } from '../../jobs/sales/pdf/route';
import { loginRequired } from '../accountRoutes';
import { googleDb, listAccounts, type GoogleDb } from '../accounts';
import { changesSince, download, driveClient, listFolder, listSubfolders, startPageToken, trash } from './driveApi';
import { driveError, viaDrive } from './driveErrors';
import { drivePage, fileData, fileList, syncList } from './driveSchemas';
import { registerJobFolderRoutes } from './jobFolderRoutes';
import { usableAccount } from './usableAccount';

const key = 'googledrive';
const gate = GOOGLE_DRIVE_GATE;
// Drive ids are URL-safe base64-like strings; 'root' names My Drive.
const driveId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' };
const fileParams = { type: 'object', properties: { ga_id: idSchema(), fileId: driveId }, required: ['ga_id', 'fileId'] };

/** One account's sync: the first only records where the change list starts; later ones answer what changed since. */
async function syncAccount(db: GoogleDb, schema: string, gaId: number): Promise<Omit<DriveSyncResult, 'error'>> {
  const client = driveClient(db, schema, gaId);
  const row = await db.selectFrom('google_accounts').select('drive_page_token').where('og_id', '=', gaId).executeTakeFirst();
  const from = row?.drive_page_token ?? null;
  const { changes, next } = from ? await changesSince(client, from) : { changes: [], next: await startPageToken(client) };
  await db.updateTable('google_accounts').set({ drive_page_token: next, last_sync_at: new Date(), last_error: null }).where('og_id', '=', gaId).execute();
  return { ga_id: gaId, initial: from === null, changes };
}

export function registerGoogleDriveRoutes(app: FastifyInstance): void {
  registerJobFolderRoutes(app);
  action(
    app,
    {
      method: 'POST',
      url: '/api/googledrive/filter',
      key,
      gate,
      body: {
        type: 'object',
        properties: { ga_id: idSchema(), folderId: driveId, pageToken: { type: 'string', minLength: 1, maxLength: 2000 } },
        required: ['ga_id', 'folderId'],
        additionalProperties: false,
      },
      data: drivePage,
      summary: 'One page (100) of a Drive folder’s files, folders first, with the next page’s token',
    },
    async (req) => {
      const { ga_id, folderId, pageToken } = req.body as { ga_id: number; folderId: string; pageToken?: string };
      await usableAccount(req, ga_id);
      return { data: await viaDrive(() => listFolder(driveClient(googleDb(req), req.brand!.schema, ga_id), folderId, pageToken)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/googledrive/listFolders',
      key,
      gate,
      body: { type: 'object', properties: { ga_id: idSchema(), folderId: driveId }, required: ['ga_id'], additionalProperties: false },
      data: fileList,
      summary: 'The sub-folders of a Drive folder (My Drive when none is named)',
    },
    async (req) => {
      const { ga_id, folderId = 'root' } = req.body as { ga_id: number; folderId?: string };
      await usableAccount(req, ga_id);
      return { data: await viaDrive(() => listSubfolders(driveClient(googleDb(req), req.brand!.schema, ga_id), folderId)) };
    },
  );

  fileAction(
    app,
    {
      method: 'GET',
      url: '/api/googledrive/download/:ga_id/:fileId',
      key,
      gate,
      params: fileParams,
      mediaType: 'application/octet-stream',
      summary: 'A Drive file’s bytes, streamed through the server (a Google Doc exported as PDF)',
    },
    async (req, reply) => {
      const { ga_id, fileId } = req.params as { ga_id: number; fileId: string };
      await usableAccount(req, ga_id);
      const file = await viaDrive(() => download(driveClient(googleDb(req), req.brand!.schema, ga_id), fileId));
      const body = file.body ? Readable.fromWeb(file.body as WebStream<Uint8Array>) : Readable.from([]);
      return (
        reply
          // Stored content from elsewhere: never sniffed or run on our origin.
          .header('Content-Type', file.mimeType.startsWith('application/vnd.google-apps.') ? 'application/octet-stream' : file.mimeType)
          .header('Content-Disposition', pdfDisposition(file.name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', DOWNLOAD_CSP)
          .header('Cache-Control', 'private, no-store')
          .send(body)
      );
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/googledrive/:ga_id/:fileId',
      key,
      gate,
      params: fileParams,
      data: fileData,
      change: true,
      summary: 'Move a Drive file to the trash',
    },
    async (req) => {
      const { ga_id, fileId } = req.params as { ga_id: number; fileId: string };
      await usableAccount(req, ga_id);
      return { data: await viaDrive(() => trash(driveClient(googleDb(req), req.brand!.schema, ga_id), fileId)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/googledrive/sync',
      key,
      gate,
      body: { type: 'object', properties: { ga_id: idSchema() }, additionalProperties: false },
      data: syncList,
      summary: 'Refresh through Drive’s change list: what changed since the last sync, per account (all selected ones when none is named)',
    },
    async (req) => {
      const { ga_id } = (req.body ?? {}) as { ga_id?: number };
      const db = googleDb(req);
      if (ga_id !== undefined) {
        await usableAccount(req, ga_id);
        return { data: [{ ...(await viaDrive(() => syncAccount(db, req.brand!.schema, ga_id))), error: null }] };
      }
      const accounts = (await listAccounts(db, req.user!.us_id)).filter((a) => a.google_account_selected && a.status === 'connected');
      if (!accounts.length) throw loginRequired();
      // One account's failure is recorded on it and never stops the others'.
      const results: DriveSyncResult[] = [];
      for (const a of accounts) {
        try {
          results.push({ ...(await syncAccount(db, req.brand!.schema, a.ga_id)), error: null });
        } catch (error) {
          const refusal = driveError(error);
          const message = refusal instanceof Error ? refusal.message : String(refusal);
          await db.updateTable('google_accounts').set({ last_error: message }).where('og_id', '=', a.ga_id).execute();
          results.push({ ga_id: a.ga_id, initial: false, changes: [], error: message });
        }
      }
      return { data: results };
    },
  );
}
