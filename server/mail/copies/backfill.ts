/**
 * Content hashes for mails stored before brand migration 0053 (issue 30, "one copy across shared
 * inboxes"): until they have one, a message that reached two inboxes back then stays two entries,
 * twice in triage and filed apart. Each sync of an account, under its lease and after its folders,
 * hashes a bounded number of the account's mails without a hash from what was stored (the fields
 * and each attachment file's bytes: contentHash.ts gives the value the sync would have given), then
 * merges the decisions of the messages that thereby became copies (mergeDecisions.ts). A mail whose
 * attachment bytes are gone gets a value no other row has: it stays alone and is not read again.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { sql, type SqlBool } from 'kysely';
import { originalKey } from '../../files/storage';
import type { AttachmentTarget } from '../sync/attachmentFiles';
import { attachmentDb } from '../sync/attachmentTables';
import { routingDb } from '../routing/tables';
import type { MailDb } from '../tables';
import { hashOfFields, type FileDigest } from './contentHash';
import { mergeDecisions, type LinkRow, type RoutingRow } from './mergeDecisions';

/** Mails hashed per statement batch, and at most per sync (the rest waits for the next sync). */
const BATCH = 200;
export const BACKFILL_PER_SYNC = 2000;

export const unhashableMark = (maId: number) => `unhashable:${maId}`;

async function digestOf(target: AttachmentTarget, file: { f_added: Date; f_storage_name: string }): Promise<string | null> {
  const object = await target.store.open(originalKey(target.schema, file.f_added, file.f_storage_name));
  if (!object) return null;
  const hash = createHash('sha256');
  await pipeline(object.stream, hash);
  return hash.digest('base64');
}

/** The batch's attachments, by mail, in their order; null for a mail with one whose bytes are gone. */
async function fileDigests(db: MailDb, target: AttachmentTarget, maIds: number[]): Promise<Map<number, FileDigest[] | null>> {
  const rows = await attachmentDb(db)
    .selectFrom('mail_attachments as a')
    .leftJoin('files as f', 'f.file_id', 'a.file_id')
    .select(['a.ma_id', 'a.mat_name', 'f.f_added', 'f.f_storage_name'])
    .where(sql<SqlBool>`a.ma_id = any(${sql.val(maIds)}::bigint[])`)
    .orderBy('a.ma_id')
    .orderBy('a.mat_position')
    .execute();
  const out = new Map<number, FileDigest[] | null>();
  for (const r of rows) {
    const maId = Number(r.ma_id);
    // A file already missing for this mail: it cannot be hashed, its other files need not be read.
    if (out.get(maId) === null) continue;
    const digest = r.f_added && r.f_storage_name ? await digestOf(target, { f_added: r.f_added, f_storage_name: r.f_storage_name }) : null;
    out.set(maId, digest === null ? null : [...(out.get(maId) ?? []), { name: r.mat_name, digest }]);
  }
  return out;
}

/** Hashes one batch of the account's unhashed mails; the ids hashed (none: the account is done). */
async function hashBatch(db: MailDb, accountId: number, target: AttachmentTarget): Promise<number[]> {
  const mails = await db
    .selectFrom('mails')
    .select(['ma_id', 'has_attachments', 'mail_from', 'mail_to_arr', 'mail_cc_arr', 'mail_subject', 'mail_date', 'mail_text', 'mail_html'])
    .where('mailaccount_id', '=', accountId)
    .where('ma_content_hash', 'is', null)
    .orderBy('ma_id')
    .limit(BATCH)
    .execute();
  if (!mails.length) return [];
  const files = await fileDigests(
    db,
    target,
    mails.map((m) => Number(m.ma_id)),
  );
  const hashes = mails.map((m) => {
    const maId = Number(m.ma_id);
    // Attachments but no rows: stored before they became files (brand migration 0015), so unknown.
    const digests = files.has(maId) ? files.get(maId)! : m.has_attachments ? null : [];
    return { ma_id: maId, hash: digests === null ? unhashableMark(maId) : hashOfFields(m, digests) };
  });
  await sql`update ${sql.id(target.schema, 'mails')} m set ma_content_hash = v.hash
    from unnest(${sql.val(hashes.map((h) => h.ma_id))}::bigint[], ${sql.val(hashes.map((h) => h.hash))}::text[]) as v(ma_id, hash)
    where m.ma_id = v.ma_id and m.ma_content_hash is null`.execute(db);
  return hashes.map((h) => h.ma_id);
}

/** The messages among `maIds` that now have copies: each copy's id, grouped by message. */
async function copyGroups(db: MailDb, maIds: number[]): Promise<number[][]> {
  const rows = await db
    .selectFrom('mails as b')
    .innerJoin('mails as c', (join) => join.onRef('c.message_id', '=', 'b.message_id').onRef('c.ma_content_hash', '=', 'b.ma_content_hash'))
    .select(['b.ma_id as of', 'c.ma_id'])
    .where(sql<SqlBool>`b.ma_id = any(${sql.val(maIds)}::bigint[])`)
    .execute();
  const byMail = new Map<number, number[]>();
  for (const r of rows) byMail.set(Number(r.of), [...(byMail.get(Number(r.of)) ?? []), Number(r.ma_id)]);
  // Two of the batch's mails may be copies of one message: one group, keyed by its anchor.
  const groups = new Map<number, number[]>();
  for (const ids of byMail.values())
    if (ids.length > 1)
      groups.set(
        Math.min(...ids),
        ids.sort((x, y) => x - y),
      );
  return [...groups.values()];
}

/** Moves each group's decisions onto its anchor, in one transaction the brand's other backfills wait for. */
async function mergeGroups(db: MailDb, schema: string, groups: number[][]): Promise<number> {
  if (!groups.length) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}:mail-copies`}))`.execute(trx);
    const r = routingDb(trx);
    const ids = groups.flat();
    const [routing, links] = await Promise.all([
      r
        .selectFrom('mail_routing')
        .selectAll()
        .where(sql<SqlBool>`ma_id = any(${sql.val(ids)}::bigint[])`)
        .execute(),
      trx
        .selectFrom('mail_job_links')
        .selectAll()
        .where(sql<SqlBool>`ma_id = any(${sql.val(ids)}::bigint[])`)
        .execute(),
    ]);
    let merged = 0;
    for (const copies of groups) {
      const own = (row: { ma_id: number | string }) => copies.includes(Number(row.ma_id));
      const decision = mergeDecisions(
        copies,
        routing.filter(own).map((row) => ({ ...row, ma_id: Number(row.ma_id) }) as RoutingRow),
        links.filter(own).map((row) => ({ ...row, ma_id: Number(row.ma_id) }) as LinkRow),
      );
      if (!decision) continue;
      merged += 1;
      await trx.deleteFrom('mail_job_links').where('ma_id', 'in', decision.copies).execute();
      await r.deleteFrom('mail_routing').where('ma_id', 'in', decision.copies).execute();
      if (decision.routing) {
        const { mr_params, mr_suggestions, ...row } = decision.routing;
        await r
          .insertInto('mail_routing')
          .values({ ...row, mr_params: JSON.stringify(mr_params), mr_suggestions: JSON.stringify(mr_suggestions) })
          .execute();
      }
      if (decision.links.length) await trx.insertInto('mail_job_links').values(decision.links).execute();
    }
    return merged;
  });
}

/** Hashes up to `limit` of the account's mails stored without a hash and merges what became copies. */
export async function backfillContentHashes(
  db: MailDb,
  accountId: number,
  target: AttachmentTarget,
  limit = BACKFILL_PER_SYNC,
): Promise<{ hashed: number; merged: number }> {
  let hashed = 0;
  let merged = 0;
  while (hashed < limit) {
    const ids = await hashBatch(db, accountId, target);
    if (!ids.length) break;
    hashed += ids.length;
    merged += await mergeGroups(db, target.schema, await copyGroups(db, ids));
  }
  return { hashed, merged };
}
