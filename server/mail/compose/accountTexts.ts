/**
 * mailsignatures and mailtemplates (SPEC.md point 7: list, create, update, delete), both texts kept
 * per mail account and visible to the users linked to that account. Their content is required
 * with SPEC.md's own messages ('Signature content is required!', 'Template content is required!').
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { composeText } from '../../../core/mail/compose/messages';
import { enText } from '../../../core/i18n/en-US';
import { invalidField, validationError, type FieldMessage } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { idSchema } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { MAIL_GATE, mailNotFound, readableAccountIds, userId } from './access';
import { composeDb } from './tables';

interface TextField {
  name: string;
  /** Message when empty; undefined: optional. */
  required?: string;
  max: number;
  /** HTML content: empty when nothing is left without tags. */
  html?: boolean;
}

interface AccountTextSpec {
  group: 'mailsignatures' | 'mailtemplates';
  idCol: string;
  fields: TextField[];
}

const SPECS: AccountTextSpec[] = [
  {
    group: 'mailsignatures',
    idCol: 'ms_id',
    fields: [
      { name: 'ms_name', required: enText('validation.required'), max: 100 },
      { name: 'ms_signature', required: composeText('errors.signatureRequired'), max: 1_000_000, html: true },
    ],
  },
  {
    group: 'mailtemplates',
    idCol: 'mtpl_id',
    fields: [
      { name: 'mtpl_name', required: enText('validation.required'), max: 100 },
      { name: 'mtpl_subject', max: 3000 },
      { name: 'mtpl_content', required: composeText('errors.templateRequired'), max: 1_000_000, html: true },
    ],
  },
];

const isBlank = (value: string, html?: boolean) => (html ? value.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ') : value).trim() === '';

function parseBody(spec: AccountTextSpec, input: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  const body = asObject(input);
  const allowed = new Set(['mailaccount_id', ...spec.fields.map((f) => f.name)]);
  const unknown = Object.keys(body).find((k) => !allowed.has(k));
  if (unknown) throw invalidField(unknown);
  const out: Record<string, unknown> = {};
  const problems: FieldMessage[] = [];
  for (const f of spec.fields) {
    if (mode === 'update' && !(f.name in body)) continue;
    const v = body[f.name] ?? null;
    if (v !== null && typeof v !== 'string') problems.push({ field: f.name, message: enText('validation.value') });
    else if (v === null || isBlank(v, f.html)) {
      if (f.required) problems.push({ field: f.name, message: f.required });
      else out[f.name] = null;
    } else if (v.length > f.max) problems.push({ field: f.name, message: enText(f.max === 100 ? 'validation.max100' : 'validation.max3000') });
    else out[f.name] = v;
  }
  if (mode === 'create' || 'mailaccount_id' in body) {
    const id = body.mailaccount_id;
    if (id === null || id === undefined) problems.push({ field: 'mailaccount_id', message: enText('validation.required') });
    else if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647)
      problems.push({ field: 'mailaccount_id', message: enText('validation.value') });
    else out.mailaccount_id = id;
  }
  if (problems.length) throw validationError(problems);
  return out;
}

/**
 * The body parseBody reads, as the route declares it: unknown properties, a text that is not text
 * and a bad account id are refused before the handler. The blank-content rules (HTML without
 * text is empty), what create requires, and their messages ('Signature content is required!') stay in parseBody.
 */
function textBody(spec: AccountTextSpec): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  // Only the limits whose wording AJV's rewording gives (max 100 / max 3000); longer ones stay in parseBody.
  for (const f of spec.fields) properties[f.name] = { type: 'string', ...(f.max <= 3000 ? { maxLength: f.max } : {}) };
  properties.mailaccount_id = idSchema('validation.value');
  // Nothing is `required` here: parseBody answers every missing field at once, with the content's own message.
  return { ...objectBody(properties), additionalProperties: false };
}

// The two tables share a shape; one loosely typed view of them keeps this one implementation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseDb = Kysely<any>;

function registerAccountTexts(app: FastifyInstance, spec: AccountTextSpec): void {
  const { group: key, idCol } = spec;
  const base = `/api/${key}`;
  const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const ctx = async (req: FastifyRequest) => {
    const db = composeDb(req.db) as unknown as LooseDb;
    return { db, accounts: await readableAccountIds(composeDb(req.db), userId(req)) };
  };
  const checkAccount = (accounts: number[], id: unknown) => {
    if (typeof id === 'number' && !accounts.includes(id)) throw invalidField('mailaccount_id');
  };
  const one = async (db: LooseDb, accounts: number[], id: number) => {
    const row = accounts.length
      ? await db.selectFrom(key).selectAll().where(idCol, '=', id).where('mailaccount_id', 'in', accounts).executeTakeFirst()
      : undefined;
    if (!row) throw mailNotFound();
    return row;
  };
  const list = async (req: FastifyRequest) => {
    const { db, accounts } = await ctx(req);
    // Checked by the route's body schema: absent, or a whole number.
    const wanted = asObject(req.body).mailaccount_id;
    const ids = wanted ? accounts.filter((a) => a === wanted) : accounts;
    const rows = ids.length
      ? await db.selectFrom(key).selectAll().where('mailaccount_id', 'in', ids).orderBy(spec.fields[0].name).orderBy(idCol).execute()
      : [];
    return { data: rows, totalCount: rows.length };
  };
  action(app, { method: 'GET', url: `${base}/list`, key, gate: MAIL_GATE, summary: `${key} of the user's mail accounts` }, list);
  const filterBody = objectBody({ mailaccount_id: { type: 'integer', 'x-message': 'validation.value' } });
  action(
    app,
    {
      method: 'POST',
      url: `${base}/filter`,
      key,
      gate: MAIL_GATE,
      body: filterBody,
      summary: `${key} of the user's mail accounts, or of one {mailaccount_id}`,
    },
    list,
  );
  action(app, { method: 'GET', url: `${base}/:id/details`, key, gate: MAIL_GATE, params: idParams, summary: `One of ${key}` }, async (req) => {
    const { db, accounts } = await ctx(req);
    return { data: await one(db, accounts, idOf(req)) };
  });
  action(
    app,
    { method: 'POST', url: `${base}/create`, key, gate: MAIL_GATE, status: 201, change: true, body: textBody(spec), summary: `New one of ${key}` },
    async (req) => {
      const { db, accounts } = await ctx(req);
      const values = parseBody(spec, req.body, 'create');
      checkAccount(accounts, values.mailaccount_id);
      return { data: await db.insertInto(key).values(values).returningAll().executeTakeFirstOrThrow() };
    },
  );
  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/:id`,
      key,
      gate: MAIL_GATE,
      params: idParams,
      change: true,
      body: textBody(spec),
      summary: `Change one of ${key}`,
    },
    async (req) => {
      const { db, accounts } = await ctx(req);
      await one(db, accounts, idOf(req));
      const values = parseBody(spec, req.body, 'update');
      checkAccount(accounts, values.mailaccount_id);
      if (Object.keys(values).length === 0) return { data: await one(db, accounts, idOf(req)) };
      return { data: await db.updateTable(key).set(values).where(idCol, '=', idOf(req)).returningAll().executeTakeFirstOrThrow() };
    },
  );
  action(app, { method: 'DELETE', url: `${base}/:id`, key, gate: MAIL_GATE, params: idParams, change: true, summary: `Delete one of ${key}` }, async (req) => {
    const { db, accounts } = await ctx(req);
    await one(db, accounts, idOf(req));
    await db.deleteFrom(key).where(idCol, '=', idOf(req)).execute();
    return { data: { deleted: 1 } };
  });
}

export function registerAccountTextRoutes(app: FastifyInstance): void {
  for (const spec of SPECS) registerAccountTexts(app, spec);
}
