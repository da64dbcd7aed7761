/**
 * googledrive/jobfolder: a job's own Drive folder, shown on its Documents tab beside the product's
 * files. Making or linking one needs the right to change the job and one of the user's own usable
 * Google accounts (recorded on the link); reading it needs only the right to see the job, and a
 * user without that account gets the folder's name and where it lives, not an error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GOOGLE_DRIVE_GATE } from '../../../core/google/constants';
import { DRIVE_FOLDER, jobFolderName } from '../../../core/google/drive';
import { googleMessages } from '../../../core/google/messages';
import { AppError, invalidField, notFound } from '../../envelope/errors';
import { idSchema } from '../../http/bodyShapes';
import { action } from '../../http/route';
import { modifiableJob, readableJob } from '../../jobs/access';
import { googleDb, listAccounts } from '../accounts';
import { createFolder, driveClient, fileMeta } from './driveApi';
import { viaDrive } from './driveErrors';
import { usableAccount } from './usableAccount';
import { jobFolderAnswer, jobFolderDb, jobFolderLink, removeJobFolder, storeJobFolder } from './jobFolder';
import { jobFolderData } from './driveSchemas';

const key = 'googledrive';
const gate = GOOGLE_DRIVE_GATE;
const jobParams = { type: 'object', properties: { job_id: idSchema() }, required: ['job_id'] };

const folderText = (k: string) => String(((googleMessages['en-US'].google as Record<string, unknown>).jobFolder as Record<string, unknown>)[k]);
const alreadyLinked = () => new AppError({ code: 'CONFLICT', status: 409, primary: folderText('alreadyLinked'), details: 'job_id' });

/** The job's folder as this user sees it: files only through one of their own selected, connected accounts. */
async function answerFor(req: FastifyRequest, jobId: number) {
  const db = jobFolderDb(req.db);
  const link = await jobFolderLink(db, jobId);
  if (!link) return null;
  const own = (await listAccounts(googleDb(req), req.user!.us_id)).find((a) => a.ga_id === link.ga_id);
  const usable = !!own && own.google_account_selected && own.status === 'connected';
  return viaDrive(() => jobFolderAnswer(db, req.brand!.schema, link, usable));
}

export function registerJobFolderRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/googledrive/jobfolder/:job_id',
      key,
      gate,
      params: jobParams,
      data: jobFolderData,
      summary: 'A job’s Drive folder (null when it has none) with its first 100 files for a user who can use the account holding it',
    },
    async (req) => {
      const { job_id } = req.params as { job_id: number };
      await readableJob(req, job_id);
      return { data: await answerFor(req, job_id) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/googledrive/jobfolder',
      key,
      gate,
      body: {
        type: 'object',
        properties: { job_id: idSchema(), ga_id: idSchema(), folderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' } },
        required: ['job_id', 'ga_id'],
        additionalProperties: false,
      },
      data: jobFolderData,
      status: 201,
      change: true,
      summary: 'Give a job a Drive folder: a new one named after the job in My Drive, or an existing folder (folderId)',
    },
    async (req) => {
      const { job_id, ga_id, folderId } = req.body as { job_id: number; ga_id: number; folderId?: string };
      const job = await modifiableJob(req, job_id);
      await usableAccount(req, ga_id);
      const db = jobFolderDb(req.db);
      if (await jobFolderLink(db, job_id)) throw alreadyLinked();
      const client = driveClient(googleDb(req), req.brand!.schema, ga_id);
      const folder = await viaDrive(() => (folderId ? fileMeta(client, folderId) : createFolder(client, jobFolderName(job))));
      if (folder.mimeType !== DRIVE_FOLDER) throw invalidField('folderId');
      try {
        await storeJobFolder(db, { job_id, og_id: ga_id, folder_id: folder.id, folder_name: folder.name, linked_by: req.user!.us_id });
      } catch (error) {
        // Two users linking at once: the second finds the first's link.
        if ((error as { code?: string }).code === '23505') throw alreadyLinked();
        throw error;
      }
      return { data: await answerFor(req, job_id) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/googledrive/jobfolder/:job_id',
      key,
      gate,
      params: jobParams,
      data: jobFolderData,
      change: true,
      summary: 'Unlink a job’s Drive folder (the folder stays in Drive)',
    },
    async (req) => {
      const { job_id } = req.params as { job_id: number };
      await modifiableJob(req, job_id);
      if (!(await removeJobFolder(jobFolderDb(req.db), job_id))) throw notFound();
      return { data: null };
    },
  );
}
