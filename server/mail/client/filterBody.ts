/** Checks the body of POST mails/filter: every field optional, wrong types answer 400 with the field. */
import { invalidField } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { boolSchema, idSchema, reportedOn } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { searchableText } from '../../../core/lists/search';
import type { MailFilter, MailListFilter } from '../../../core/mail/client/types';

const KEYS = ['mailaccount_ids', 'ifolder_id', 'mt_id', 'mf_id', 'stext', 'is_seen', 'is_flagged', 'is_deleted', 'before'] as const;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2147483647;

/**
 * The body of mails/filter, mails/select and mails/deleted as the route declares it. What it cannot
 * say stays in parseMailFilter: an unknown property sent as null, the trimmed 100-character limit of
 * `stext`, and whether `before.mail_date` is a real date.
 */
export const mailFilterBody: JsonSchema = {
  ...objectBody({
    mailaccount_ids: { type: 'array', items: reportedOn('mailaccount_ids', idSchema()), 'x-message': 'validation.value' },
    ifolder_id: idSchema('validation.value'),
    mt_id: idSchema('validation.value'),
    mf_id: idSchema('validation.value'),
    stext: { type: 'string' },
    is_seen: boolSchema(),
    is_flagged: boolSchema(),
    is_deleted: boolSchema(),
    // The last row of the page before (the list's keyset): its wire date and id.
    before: reportedOn('before', {
      type: 'object',
      properties: { mail_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' }, ma_id: idSchema() },
      required: ['mail_date', 'ma_id'],
    }),
  }),
  additionalProperties: false,
};

function optionalBool(body: Record<string, unknown>, key: string): boolean | null {
  const v = body[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') throw invalidField(key);
  return v;
}

function parseBefore(v: unknown): { mail_date: string; ma_id: number } | null {
  if (v === undefined || v === null) return null;
  const b = typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  // A wire date ('YYYY-MM-DD HH:mm:ss', UTC) as the list sent it; mail dates carry whole seconds.
  const when = typeof b.mail_date === 'string' ? new Date(`${b.mail_date.replace(' ', 'T')}Z`) : null;
  if (!when || Number.isNaN(when.getTime()) || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(b.mail_date as string) || !isId(b.ma_id))
    throw invalidField('before');
  return { mail_date: when.toISOString(), ma_id: b.ma_id };
}

export function parseMailFilter(input: unknown): Required<MailFilter> & Required<Pick<MailListFilter, 'mt_id' | 'mf_id'>> {
  const body = asObject(input);
  for (const key of Object.keys(body)) if (!(KEYS as readonly string[]).includes(key)) throw invalidField(key);
  const ids = body.mailaccount_ids ?? [];
  if (!Array.isArray(ids) || !ids.every(isId)) throw invalidField('mailaccount_ids');
  const folder = body.ifolder_id ?? null;
  if (folder !== null && !isId(folder)) throw invalidField('ifolder_id');
  const tag = body.mt_id ?? null;
  if (tag !== null && !isId(tag)) throw invalidField('mt_id');
  const localFolder = body.mf_id ?? null;
  if (localFolder !== null && !isId(localFolder)) throw invalidField('mf_id');
  const stext = body.stext ?? null;
  if (stext !== null && typeof stext !== 'string') throw invalidField('stext');
  const text = typeof stext === 'string' ? stext.trim() : '';
  if (text.length > 100) throw invalidField('stext', 'validation.max100');
  return {
    before: parseBefore(body.before),
    mailaccount_ids: ids as number[],
    ifolder_id: folder as number | null,
    mt_id: tag as number | null,
    mf_id: localFolder as number | null,
    // Shorter words are ignored, as the search box says ('At least 3 characters').
    stext: searchableText(text),
    is_seen: optionalBool(body, 'is_seen'),
    is_flagged: optionalBool(body, 'is_flagged'),
    is_deleted: optionalBool(body, 'is_deleted'),
  };
}
