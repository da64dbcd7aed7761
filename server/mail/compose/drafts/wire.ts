/** A draft as the SPA sees it, and the parsing of the fields a create or update may send. */
import type { Selectable } from 'kysely';
import { toAddressList } from '../../../../core/mail/compose/addresses';
import { invalidField } from '../../../envelope/errors';
import type { JsonSchema } from '../../../envelope/schemas';
import { objectBody } from '../../../http/bodySchema';
import { idSchema, reportedOn } from '../../../http/bodyShapes';
import { asObject } from '../../../http/objects';
import type { Address } from '../../tables';
import { REPLY_MODES, type ComposeDb, type MailDraftsTable, type ReplyMode } from '../tables';

export type DraftRow = Selectable<MailDraftsTable>;

export interface DraftAttachment {
  file_id: number;
  f_name: string;
  f_size: number;
  f_type: string;
}

export interface DraftView extends Omit<DraftRow, 'created_at' | 'updated_at' | 'us_id'> {
  from: { name: string; address: string };
  attachments: DraftAttachment[];
  updated_at: string;
}

/** The editable fields; each is present only when the request sent it. */
export interface DraftFields {
  mal_id?: number | null;
  mailaccount_id?: number | null;
  mdraft_to_arr?: Address[];
  mdraft_cc_arr?: Address[];
  mdraft_bcc_arr?: Address[];
  mdraft_subject?: string;
  mdraft_html?: string;
}

export interface CreateInput extends DraftFields {
  reply_ma_id?: number | null;
  mode?: ReplyMode | null;
  replace_id?: number | null;
  /** A new mail started from this job: sent with the job's plus-address as Reply-To and filed to the job. */
  job_id?: number | null;
  /** The user chose to show the answered mail's remote images: the quote keeps them (else they stay blocked). */
  images?: boolean;
}

const MAX_SUBJECT = 3000;
const MAX_HTML = 20 * 1024 * 1024;
const EDITABLE = ['mal_id', 'mailaccount_id', 'mdraft_to_arr', 'mdraft_cc_arr', 'mdraft_bcc_arr', 'mdraft_subject', 'mdraft_html'] as const;

/** A list of addresses as toAddressList reads it: "Name <a@b>" texts or { name?, address } objects. */
const addressList = (field: string): JsonSchema =>
  reportedOn(field, {
    type: 'array',
    items: { anyOf: [{ type: 'string' }, { type: 'object', properties: { name: {}, address: { type: 'string' } }, required: ['address'] }] },
  });

/** The editable fields as readFields checks them; every property may be null (as absent). */
const EDITABLE_SCHEMA: Record<(typeof EDITABLE)[number], JsonSchema> = {
  mal_id: idSchema('validation.number'),
  mailaccount_id: idSchema('validation.number'),
  mdraft_to_arr: addressList('mdraft_to_arr'),
  mdraft_cc_arr: addressList('mdraft_cc_arr'),
  mdraft_bcc_arr: addressList('mdraft_bcc_arr'),
  mdraft_subject: { type: 'string', maxLength: MAX_SUBJECT },
  mdraft_html: { type: 'string', maxLength: MAX_HTML, 'x-message': 'validation.value' },
};

/** The body of maildrafts/create (parseCreate); the reply/mode/job pairing rules stay in parseCreate. */
export const createDraftBody: JsonSchema = {
  ...objectBody({
    ...EDITABLE_SCHEMA,
    reply_ma_id: idSchema('validation.number'),
    mode: { type: 'string', enum: [...REPLY_MODES] },
    replace_id: idSchema('validation.number'),
    job_id: idSchema('validation.number'),
    images: { type: 'boolean' },
  }),
  additionalProperties: false,
};

/** The body of a draft save (parseUpdate): the version it was made from, and the changed fields. */
export const updateDraftBody: JsonSchema = {
  ...objectBody({ ...EDITABLE_SCHEMA, mdraft_version: { type: 'integer', minimum: 1, 'x-message': 'validation.number' } }, ['mdraft_version']),
  additionalProperties: false,
};

function optionalId(body: Record<string, unknown>, name: string): number | null | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2147483647) throw invalidField(name, 'validation.number');
  return v;
}

function readFields(body: Record<string, unknown>): DraftFields {
  const out: DraftFields = {};
  const malId = optionalId(body, 'mal_id');
  if (malId !== undefined) out.mal_id = malId;
  const accountId = optionalId(body, 'mailaccount_id');
  if (accountId !== undefined) out.mailaccount_id = accountId;
  for (const name of ['mdraft_to_arr', 'mdraft_cc_arr', 'mdraft_bcc_arr'] as const) {
    if (!(name in body)) continue;
    const list = toAddressList(body[name]);
    if (!list) throw invalidField(name);
    out[name] = list;
  }
  if ('mdraft_subject' in body) {
    const s = body.mdraft_subject ?? '';
    if (typeof s !== 'string') throw invalidField('mdraft_subject');
    if (s.length > MAX_SUBJECT) throw invalidField('mdraft_subject', 'validation.max3000');
    out.mdraft_subject = s;
  }
  if ('mdraft_html' in body) {
    const h = body.mdraft_html ?? '';
    if (typeof h !== 'string' || h.length > MAX_HTML) throw invalidField('mdraft_html');
    out.mdraft_html = h;
  }
  return out;
}

function refuseUnknown(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown) throw invalidField(unknown);
}

export function parseCreate(input: unknown): CreateInput {
  const body = asObject(input);
  refuseUnknown(body, [...EDITABLE, 'reply_ma_id', 'mode', 'replace_id', 'images', 'job_id']);
  const out: CreateInput = readFields(body);
  out.reply_ma_id = optionalId(body, 'reply_ma_id') ?? null;
  out.replace_id = optionalId(body, 'replace_id') ?? null;
  const mode = body.mode ?? null;
  if (mode !== null && !REPLY_MODES.includes(mode as ReplyMode)) throw invalidField('mode');
  if ((mode === null) !== (out.reply_ma_id === null)) throw invalidField(mode === null ? 'mode' : 'reply_ma_id', 'validation.required');
  out.mode = mode as ReplyMode | null;
  out.job_id = optionalId(body, 'job_id') ?? null;
  // A reply takes its job from the mail it answers; a job named as well would contradict it.
  if (out.job_id !== null && out.reply_ma_id !== null) throw invalidField('job_id');
  if (body.images !== undefined && typeof body.images !== 'boolean') throw invalidField('images');
  out.images = body.images === true;
  return out;
}

/** An update carries the version it was made from, so a stale one is refused instead of overwriting. */
export function parseUpdate(input: unknown): { version: number; fields: DraftFields } {
  const body = asObject(input);
  refuseUnknown(body, [...EDITABLE, 'mdraft_version']);
  const version = body.mdraft_version;
  if (version === undefined || version === null) throw invalidField('mdraft_version', 'validation.required');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw invalidField('mdraft_version', 'validation.number');
  return { version, fields: readFields(body) };
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function draftView(db: ComposeDb, row: DraftRow): Promise<DraftView> {
  const from = await fromOf(db, row);
  const attachments = await db
    .selectFrom('maildraft_files as d')
    .innerJoin('files as f', 'f.file_id', 'd.file_id')
    .select(['f.file_id', 'f.f_name', 'f.f_size', 'f.f_type'])
    .where('d.mdraft_id', '=', row.mdraft_id)
    .orderBy('f.file_id')
    .execute();
  const { created_at: _created, updated_at, us_id: _us, ...rest } = row;
  return { ...rest, from, attachments, updated_at: stamp(updated_at) };
}

/** The draft's From: its alias, or the account's own address. */
export async function fromOf(db: ComposeDb, row: Pick<DraftRow, 'mal_id' | 'mailaccount_id'>): Promise<Address> {
  if (row.mal_id !== null) {
    const alias = await db.selectFrom('mailaliases').select(['mal_email', 'mal_name']).where('mal_id', '=', row.mal_id).executeTakeFirst();
    if (alias) return { name: alias.mal_name ?? '', address: alias.mal_email };
  }
  const account = await db
    .selectFrom('mailaccounts')
    .select(['ma_email', 'ma_name'])
    .where('mailaccount_id', '=', row.mailaccount_id)
    .executeTakeFirstOrThrow();
  return { name: account.ma_name, address: account.ma_email };
}
