/** The wire schemas of tasks (also their serialisers: every field of core/google/tasks.ts is named) and their bodies. */
import type { JsonSchema } from '../../envelope/schemas';
import { boolSchema, filledTextSchema, idSchema, textSchema } from '../../http/bodyShapes';

const text = { type: ['string', 'null'] };
const int = { type: ['integer', 'null'] };

export const cloudData: JsonSchema = {
  type: ['object', 'null'],
  properties: { title: { type: 'string' }, notes: text, due: text, completed: { type: 'boolean' }, deleted: { type: 'boolean' }, updated: text },
};

export const taskData: JsonSchema = {
  type: 'object',
  properties: {
    task_id: { type: 'integer' },
    ga_id: { type: 'integer' },
    google_task_id: text,
    g_tasklist_id: { type: 'string' },
    g_tasklist_title: { type: 'string' },
    title: { type: 'string' },
    notes: text,
    due: text,
    parent: int,
    completed: { type: 'boolean' },
    job_id: int,
    job_number: text,
    deleted: { type: 'boolean' },
    dirty: { type: 'boolean' },
    conflict: { type: 'boolean' },
    cloud: cloudData,
    updated_at: { type: 'string' },
  },
};

export const taskList: JsonSchema = { type: 'array', items: taskData };

export const listData: JsonSchema = {
  type: 'object',
  properties: { g_tasklist_id: { type: 'string' }, g_tasklist_title: { type: 'string' }, ga_id: { type: 'integer' }, task_count: { type: 'integer' } },
};

export const listList: JsonSchema = { type: 'array', items: listData };

export const syncStateList: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ga_id: { type: 'integer' },
      email: text,
      running: { type: 'boolean' },
      done: { type: 'integer' },
      total: { type: 'integer' },
      error: text,
      last_sync_at: text,
      conflicts: { type: 'integer' },
    },
  },
};

/** Google's ids: URL-safe letters, digits, '-' and '_'. */
export const googleId: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' };

/** A date: 'YYYY-MM-DD', or a wire date-time whose date part is kept ('YYYY-MM-DD 12:00:00'). */
const dueSchema: JsonSchema = { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z?)?$' };

const editable = {
  title: filledTextSchema(100),
  notes: { ...textSchema(3000), type: ['string', 'null'] },
  due: dueSchema,
  completed: boolSchema(),
  job_id: { anyOf: [idSchema(), { type: 'null' }] },
};

export const createBody: JsonSchema = {
  type: 'object',
  properties: { g_tasklist_id: googleId, ...editable, parent: { anyOf: [idSchema(), { type: 'null' }] } },
  required: ['g_tasklist_id', 'title'],
  additionalProperties: false,
};

/** A change, and a move: `parent` (null: top level) and `g_tasklist_id` (another list of the account). */
export const updateBody: JsonSchema = {
  type: 'object',
  properties: { ...editable, parent: { anyOf: [idSchema(), { type: 'null' }] }, g_tasklist_id: googleId },
  additionalProperties: false,
};

export const filterBody: JsonSchema = {
  type: 'object',
  properties: {
    stext: { type: ['string', 'null'], maxLength: 200 },
    ga_id: idSchema(),
    g_tasklist_id: googleId,
    job_id: idSchema(),
    deleted: boolSchema(),
    conflict: boolSchema(),
  },
  additionalProperties: false,
};
