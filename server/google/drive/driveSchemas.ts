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
