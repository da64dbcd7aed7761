/**
 * The files group of SPEC.md point 7 (envelope key 'files', staff): list, group/{id}, upload,
 * {id}/details, download/{name}, url/{id}, PATCH {id}, filter, DELETE {id}, deleteFileList.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Gate } from '../../core/access/access';
import { STAFF } from '../../core/access/roles';
import { FILE_GROUPS } from '../../core/enums';
import { fileNameProblem, MAX_FILE_NOTE, stripBidi } from '../../core/files/rules';
import { previewSize } from '../../core/files/types';
import { enText } from '../../core/i18n/en-US';
import { requireGate } from '../auth/gate';
import { notFound, validationError, type FieldMessage } from '../envelope/errors';
import { asObject } from '../http/objects';
import { listQuerySchema, type ListQuery } from '../http/listQuery';
import { action, idParams } from '../http/route';
import { sendFile } from './download';
import { listFiles, parseFileFilter, parseGroup } from './filter';
import { fileOr404, findFile, toWireRows } from './records';
import { deleteFiles, parseIdList } from './remove';
import { isStorageName, type FileStore } from './storage';
import { fileDb } from './tables';
import { uploadFromRequest } from './uploadRequest';

const key = 'files';
export const FILES_GATE: Gate = { roles: STAFF };
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const sizeQuery = {
  type: 'object',
  properties: {
    size: { type: 'integer', minimum: 1, maximum: 10000, description: 'Thumbnail size; the nearest made size is served' },
    inline: { type: 'string', enum: ['0', '1'], description: '1: show inline (raster images and PDF only)' },
  },
} as const;

async function detailsOf(req: FastifyRequest, fileId: number) {
  const [row] = await toWireRows(req, [await fileOr404(fileDb(req.db), fileId)]);
  return row;
}

function parsePatch(input: unknown): { f_name?: string; f_note?: string | null; f_grp_id?: string } {
  const body = asObject(input);
  const problems: FieldMessage[] = [];
  const out: { f_name?: string; f_note?: string | null; f_grp_id?: string } = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'name') {
      // Bidirectional controls go (core/files/rules.ts), so a name cannot show another extension.
      const name = typeof value === 'string' ? stripBidi(value) : value;
      const problem = typeof name === 'string' || name === null ? fileNameProblem(name) : 'validation.value';
      if (problem) problems.push({ field, message: enText(problem) });
      else out.f_name = (name as string).trim();
    } else if (field === 'note') {
      if (value !== null && typeof value !== 'string') problems.push({ field, message: enText('validation.value') });
      else if (value && value.length > MAX_FILE_NOTE) problems.push({ field, message: enText('validation.max3000') });
      else out.f_note = value;
    } else if (field === 'f_grp_id') {
      out.f_grp_id = parseGroup(value) ?? undefined;
      if (!out.f_grp_id) problems.push({ field, message: enText('validation.required') });
    } else problems.push({ field, message: enText('validation.value') });
  }
  if (problems.length) throw validationError(problems);
  return out;
}

/** POST files/upload; `app` must take multipart bodies (multipartScope.ts). */
export function registerFileUpload(app: FastifyInstance, store: FileStore): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/files/upload',
      key,
      gate: FILES_GATE,
      status: 201,
      change: true,
      summary: 'multipart/form-data: file (one or several), f_grp_id (default USER_FILES), note, skipResize (1, with file.enableSkipResize), job_id, js_id',
    },
    async (req) => {
      const ids = await uploadFromRequest(req, store, {});
      const rows = await Promise.all(ids.map((id) => detailsOf(req, id)));
      return { data: rows };
    },
  );
}

export function registerFilesGroup(app: FastifyInstance, store: FileStore): void {
  const listQuery = { ...listQuerySchema, properties: { ...listQuerySchema.properties } };

  action(
    app,
    { method: 'GET', url: '/api/files/list', key, gate: FILES_GATE, querystring: listQuery, summary: 'Files, newest first (list query of API.md)' },
    async (req) => listFiles(req, {}, req.query as ListQuery),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/files/filter',
      key,
      gate: FILES_GATE,
      querystring: listQuery,
      summary: 'Files by { f_grp_id, stext (≥3, name and note), type (image|pdf|text|office|other), job_id, js_id }',
      docBody: { type: 'object' },
    },
    async (req) => listFiles(req, parseFileFilter(req.body), req.query as ListQuery),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/files/group/:id',
      key,
      gate: FILES_GATE,
      params: { type: 'object', properties: { id: { type: 'string', enum: [...FILE_GROUPS] } }, required: ['id'] },
      querystring: listQuery,
      summary: "One file group's files (the filter body's other fields apply)",
      docBody: { type: 'object' },
    },
    async (req) => {
      const filter = parseFileFilter(req.body);
      return listFiles(req, { ...filter, f_grp_id: parseGroup((req.params as { id: string }).id, 'id') }, req.query as ListQuery);
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/files/:id/details',
      key,
      gate: FILES_GATE,
      params: idParams,
      summary: 'One file (relations when file.extendWithRelations is on)',
    },
    async (req) => ({
      data: await detailsOf(req, idOf(req)),
    }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/files/url/:id',
      key,
      gate: FILES_GATE,
      params: idParams,
      querystring: sizeQuery,
      summary: 'The address to preview (images: 1600 or the biggest size, or ?size) or download a file',
    },
    async (req) => {
      const file = await fileOr404(fileDb(req.db), idOf(req));
      const asked = (req.query as { size?: number }).size;
      const size = file.f_thumbs.length ? (asked ?? previewSize(file.f_thumbs)) : null;
      const base = (req.brand!.config.apiUrl || '/api').replace(/\/+$/, '');
      const params = new URLSearchParams();
      if (size) params.set('size', String(size));
      params.set('inline', '1');
      return { data: { file_id: file.file_id, url: `${base}/files/download/${file.f_storage_name}?${params}`, size, type: size ? 'image/webp' : file.f_type } };
    },
  );

  // The bytes themselves: no envelope on success, the envelope (key 'files') on refusal.
  app.route({
    method: 'GET',
    url: '/api/files/download/:name',
    config: { envelopeKey: key, gate: FILES_GATE },
    preHandler: requireGate(FILES_GATE),
    schema: {
      tags: [key],
      summary: 'A file (or ?size thumbnail); attachment unless inline=1 for a raster image or PDF',
      params: { type: 'object', properties: { name: { type: 'string', maxLength: 80 } }, required: ['name'] },
      querystring: sizeQuery,
    },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!isStorageName(name)) throw notFound();
      const file = await findFile(fileDb(req.db), { storage_name: name });
      if (!file) throw notFound();
      const q = req.query as { size?: number; inline?: string };
      return sendFile(req, reply, store, file, { size: q.size, inline: q.inline === '1' });
    },
  });

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/files/:id',
      key,
      gate: FILES_GATE,
      params: idParams,
      change: true,
      summary: 'Rename, note, group: { name, note, f_grp_id }',
      docBody: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 100 },
          note: { type: ['string', 'null'], maxLength: 3000 },
          f_grp_id: { type: 'string', enum: [...FILE_GROUPS] },
        },
      },
    },
    async (req) => {
      const changes = parsePatch(req.body);
      const db = fileDb(req.db);
      if (Object.keys(changes).length) {
        const done = await db.updateTable('files').set(changes).where('file_id', '=', idOf(req)).returning('file_id').executeTakeFirst();
        if (!done) throw notFound();
      }
      return { data: await detailsOf(req, idOf(req)) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/files/deleteFileList',
      key,
      gate: FILES_GATE,
      change: true,
      querystring: { type: 'object', properties: { file_ids: { type: 'string', maxLength: 6000 } }, required: ['file_ids'] },
      summary: 'Deletes several files: ?file_ids=1,2,3',
    },
    async (req) => {
      const ids = parseIdList((req.query as { file_ids?: unknown }).file_ids);
      return { data: { file_ids: await deleteFiles(req, store, ids) } };
    },
  );

  action(
    app,
    { method: 'DELETE', url: '/api/files/:id', key, gate: FILES_GATE, params: idParams, change: true, summary: 'Deletes a file, its thumbnails and its links' },
    async (req) => {
      const deleted = await deleteFiles(req, store, [idOf(req)]);
      if (!deleted.length) throw notFound();
      return { data: { file_ids: deleted } };
    },
  );
}
