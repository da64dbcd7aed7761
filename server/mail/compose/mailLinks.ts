/** Links between mails and tags or local folders: only mails of the user's accounts can be linked. */
import { enText } from '../../../core/i18n/en-US';
import { conflict, invalidField, validationError } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { reportedOn } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { mailNotFound, readableAccountIds } from './access';
import type { ComposeDb } from './tables';

/**
 * A list of ids as the mail handlers read it (parseMailIds, the drafts' parseIdList): not a list or
 * an empty one is 'Field is required!'; more than `maxItems` or an element that is not a whole
 * number 1..`maxId` is 'Invalid value' on the list.
 */
export const idListSchema = (field: string, maxItems: number, maxId: number): JsonSchema => ({
  type: 'array',
  minItems: 1,
  'x-message': 'validation.required',
  allOf: [{ maxItems, items: reportedOn(field, { type: 'integer', minimum: 1, maximum: maxId }), 'x-message': 'validation.value', 'x-field': field }],
});

export const mailIdsSchema = idListSchema('ma_ids', 5000, Number.MAX_SAFE_INTEGER);

/** The body `{ ma_ids }` of the actions on a set of mails. */
export const mailIdsBody = (): JsonSchema => objectBody({ ma_ids: mailIdsSchema }, ['ma_ids']);

export function parseMailIds(input: unknown): number[] {
  const ids = asObject(input).ma_ids;
  if (!Array.isArray(ids) || ids.length === 0) throw invalidField('ma_ids', 'validation.required');
  if (ids.length > 5000 || !ids.every((v) => Number.isSafeInteger(v) && v > 0)) throw invalidField('ma_ids');
  return [...new Set(ids as number[])];
}

/** All the mails must be the user's to see; one that is not answers 404 for the whole request. */
export async function checkReadableMails(db: ComposeDb, usId: number, ids: readonly number[]): Promise<void> {
  const accounts = await readableAccountIds(db, usId);
  if (accounts.length === 0) throw mailNotFound();
  const found = await db
    .selectFrom('mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ma_id', 'in', ids)
    .where('mailaccount_id', 'in', accounts)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== ids.length) throw mailNotFound();
}

/** A required name of at most 100 characters. */
export function parseName(value: unknown, field: string): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    throw validationError([{ field, message: enText('validation.required') }]);
  if (typeof value !== 'string') throw invalidField(field);
  if (value.trim().length > 100) throw invalidField(field, 'validation.max100');
  return value.trim();
}

/** A unique-name clash from PostgreSQL as the envelope's 409. */
export function uniqueClash(err: unknown, field: string): never {
  if ((err as { code?: string }).code === '23505') throw conflict(enText('errors.duplicate'), field);
  throw err;
}
