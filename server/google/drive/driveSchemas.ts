/** The answer schemas of googledrive (also its serialisers: every field of core/google/drive.ts is named). */
import type { JsonSchema } from '../../envelope/schemas';

const text = { type: ['string', 'null'] };

export const fileData: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    mimeType: { type: 'string' },
    size: { type: ['integer', 'null'] },
    modifiedTime: text,
    createdTime: text,
  },
};

export const fileList: JsonSchema = { type: 'array', items: fileData };

export const drivePage: JsonSchema = { type: 'object', properties: { files: fileList, nextPageToken: text } };

export const changeList: JsonSchema = {
  type: 'array',
  items: { type: 'object', properties: { fileId: { type: 'string' }, removed: { type: 'boolean' }, file: { anyOf: [fileData, { type: 'null' }] } } },
};

export const syncList: JsonSchema = {
  type: 'array',
  items: { type: 'object', properties: { ga_id: { type: 'integer' }, initial: { type: 'boolean' }, changes: changeList, error: text } },
};

/** A job's Drive folder, or null when the job has none. */
export const jobFolderData: JsonSchema = {
  anyOf: [
    {
      type: 'object',
      properties: {
        job_id: { type: 'integer' },
        ga_id: { type: 'integer' },
        email: text,
        folderId: { type: 'string' },
        name: { type: 'string' },
        linked_by_name: text,
        linked_at: { type: 'string' },
        access: { type: 'string', enum: ['ok', 'none', 'missing'] },
        files: fileList,
        nextPageToken: text,
      },
    },
    { type: 'null' },
  ],
};
