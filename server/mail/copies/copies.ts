/**
 * A message that reached several accounts of the brand is stored once per account; its copies
 * (same Message-ID and content hash, contentHash.ts) are one entry: the first stored (lowest
 * `ma_id`, "the anchor") holds the job links and the routing decision for all of them, so the
 * mail is linked once per job and filed alike in every inbox. A mail with no hash (stored before
 * brand migration 0053, until a sync hashes it: backfill.ts) is its own anchor.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MailDb, MailTables } from '../tables';
import { routingDb } from '../routing/tables';

export type CopyPair = ExpressionBuilder<MailTables & { m: MailTables['mails']; c: MailTables['mails'] }, 'm' | 'c'>;

/** A where clause: `c` is `m` or a copy of it in another account. */
export const isCopyOf = (eb: CopyPair): Expression<SqlBool> =>
  eb.or([
    eb('c.ma_id', '=', eb.ref('m.ma_id')),
    eb.and([eb('c.message_id', '=', eb.ref('m.message_id')), eb('c.ma_content_hash', '=', eb.ref('m.ma_content_hash'))]),
  ]);

/** The anchor of each given mail (the mail itself when it has no older copy). */
export async function anchorsOf(db: MailDb, maIds: number[]): Promise<Map<number, number>> {
  if (!maIds.length) return new Map();
  const rows = await db
    .selectFrom('mails as m')
    .innerJoin('mails as c', (join) => join.on((eb) => isCopyOf(eb as unknown as CopyPair)))
    .select(['m.ma_id', (eb) => eb.fn.min('c.ma_id').as('anchor')])
    .where(sql<SqlBool>`m.ma_id = any(${sql.val(maIds)}::bigint[])`)
    .groupBy('m.ma_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.ma_id), Number(r.anchor)]));
}

export async function anchorOf(db: MailDb, maId: number): Promise<number> {
  return (await anchorsOf(db, [maId])).get(maId) ?? maId;
}

/**
 * Before an account's orphans are deleted: an orphan that anchors copies in other accounts hands
 * its job links and routing decision to the oldest of them, so the job keeps the message.
 */
export async function handOverOrphanDecisions(
  db: MailDb,
  accountId: number,
  orphan: (eb: ExpressionBuilder<MailTables, 'mails'>) => Expression<SqlBool>,
): Promise<void> {
  const heirs = await db
    .selectFrom('mails as m')
    .innerJoin('mails as c', (join) =>
      join.onRef('c.message_id', '=', 'm.message_id').onRef('c.ma_content_hash', '=', 'm.ma_content_hash').onRef('c.ma_id', '<>', 'm.ma_id'),
    )
    .select(['m.ma_id', (eb) => eb.fn.min('c.ma_id').as('heir')])
    .where('m.mailaccount_id', '=', accountId)
    .where('c.mailaccount_id', '<>', accountId)
    .where(
      'm.ma_id',
      'in',
      db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).where('ma_content_hash', 'is not', null).where(orphan),
    )
    .groupBy('m.ma_id')
    .execute();
  for (const { ma_id, heir } of heirs) {
    const from = Number(ma_id);
    const to = Number(heir);
    // Only the anchor holds anything; an heir with its own decision (two syncs racing) keeps it.
    await db
      .updateTable('mail_job_links')
      .set({ ma_id: to })
      .where('ma_id', '=', from)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_job_links as h').select('h.job_id').where('h.ma_id', '=', to))))
      .execute();
    await routingDb(db)
      .updateTable('mail_routing')
      .set({ ma_id: to })
      .where('ma_id', '=', from)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_routing as h').select('h.ma_id').where('h.ma_id', '=', to))))
      .execute();
  }
}
