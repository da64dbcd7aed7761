/**
 * One upload request end to end: receive the multipart body, read its plain fields, check the job
 * or site it is for, then store. Shared by POST files/upload and the job document uploads, which
 * fix the group and the job themselves.
 */
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_NOTE } from '../../core/files/rules';
import type { FileGroup } from '../../core/files/types';
import { invalidField } from '../envelope/errors';
import { parseGroup } from './filter';
import type { FileStore } from './storage';
import { fileDb } from './tables';
import { receiveUpload, storeUploads, type ReceivedUpload, type StoreOptions } from './upload';

export interface UploadTarget {
  group?: FileGroup;
  jobId?: number;
  /**
   * The customer portal's uploads: stored visible to the client whatever the form says, and only
   * the note is read from the form (a site or another job is not the customer's to name).
   */
  customer?: boolean;
  /** The engineer portal's uploads: only the note is read from the form, never visible to the client. */
  noteOnly?: boolean;
  /** Passed on to storeUploads: runs in the transaction that records the files. */
  recorded?: StoreOptions['recorded'];
}

const NOTE_ONLY = new Set(['note']);

const KNOWN_FIELDS = new Set(['f_grp_id', 'note', 'skipResize', 'job_id', 'js_id', 'fxj_visible_to_client']);
const truthy = (v: string | undefined) => v === '1' || v === 'true';

function optionalId(fields: Record<string, string>, name: string): number | null {
  const raw = fields[name];
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2147483647) throw invalidField(name, 'validation.number');
  return Number(raw);
}

async function readTarget(req: FastifyRequest, upload: ReceivedUpload, fixed: UploadTarget) {
  const { fields } = upload;
  const unknown = Object.keys(fields).find((k) => !(fixed.customer || fixed.noteOnly ? NOTE_ONLY : KNOWN_FIELDS).has(k));
  if (unknown) throw invalidField(unknown);
  const group = fixed.group ?? parseGroup(fields.f_grp_id || null) ?? 'USER_FILES';
  const note = fields.note?.trim() || null;
  if (note && note.length > MAX_FILE_NOTE) throw invalidField('note', 'validation.max3000');
  const jobId = fixed.jobId ?? optionalId(fields, 'job_id');
  const jsId = fixed.noteOnly ? null : optionalId(fields, 'js_id');
  const db = fileDb(req.db);
  if (jobId && !fixed.jobId && !(await db.selectFrom('jobs').select('job_id').where('job_id', '=', jobId).executeTakeFirst())) throw invalidField('job_id');
  if (jsId && !(await db.selectFrom('jobsites').select('js_id').where('js_id', '=', jsId).executeTakeFirst())) throw invalidField('js_id');
  // Skipping the resize is the user's choice only where the brand allows it.
  const skipResize = truthy(fields.skipResize) && !!req.brand!.config.features.file?.enableSkipResize;
  return {
    group,
    note,
    jobId,
    jsId,
    skipResize,
    visibleToClient: fixed.customer || (!fixed.noteOnly && truthy(fields.fxj_visible_to_client)),
    recorded: fixed.recorded,
  };
}

/** Receives and stores the request's files; returns the new file ids. Staged bytes never outlive a failure. */
export async function uploadFromRequest(req: FastifyRequest, store: FileStore, fixed: UploadTarget): Promise<number[]> {
  const upload = await receiveUpload(req, store);
  let target;
  try {
    target = await readTarget(req, upload, fixed);
  } catch (err) {
    await Promise.all(upload.files.map((f) => fs.rm(f.path, { force: true })));
    throw err;
  }
  return storeUploads(req, store, upload, target);
}
