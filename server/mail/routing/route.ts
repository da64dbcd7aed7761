/**
 * Files a batch of stored mails to their jobs, in the sync's batch transaction (store.ts): only
 * mails the router has not decided on yet and nobody linked, and not a later copy of a mail another
 * inbox of the brand stored first (a copy found again, a re-synced
 * folder or a mail a person filed or unlinked keeps its decision). The decision is stored in
 * `mail_routing` whether or not it filed the mail, so an unrouted mail lands in triage once.
 */
import { sql, type SqlBool } from 'kysely';
import type { RoutableMail } from './clues';
import { decide, type Decision } from './decide';
import { loadFacts } from './facts';
import type { RoutingDb } from './tables';

export interface StoredMail {
  ma_id: number;
  mail: RoutableMail;
}

/**
 * Mails of the batch still to be decided: no routing row and no job link, and no older copy in
 * another inbox of the brand (copies.ts): that copy's decision is the message's, so a mail that
 * reached two shared inboxes is filed once.
 */
async function undecided(db: RoutingDb, mails: StoredMail[]): Promise<StoredMail[]> {
  if (!mails.length) return [];
  const rows = await db
    .selectFrom('mails as m')
    .select('m.ma_id')
    .where(sql<SqlBool>`m.ma_id = any(${sql.val(mails.map((m) => m.ma_id))}::bigint[])`)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('mail_routing as r').select('r.ma_id').whereRef('r.ma_id', '=', 'm.ma_id')),
          eb.exists(eb.selectFrom('mail_job_links as l').select('l.job_id').whereRef('l.ma_id', '=', 'm.ma_id')),
          // An older copy in another inbox (copies.ts) is the message's anchor.
          eb.exists(
            eb
              .selectFrom('mails as c')
              .select('c.ma_id')
              .whereRef('c.message_id', '=', 'm.message_id')
              .whereRef('c.ma_content_hash', '=', 'm.ma_content_hash')
              .whereRef('c.ma_id', '<', 'm.ma_id'),
          ),
        ]),
      ),
    )
    .execute();
  const open = new Set(rows.map((r) => Number(r.ma_id)));
  return mails.filter((m) => open.has(m.ma_id));
}

/** The decisions' `mail_routing` rows and the links of those that filed a mail, in one statement. */
export async function recordDecisions(db: RoutingDb, decided: { ma_id: number; decision: Decision }[]): Promise<void> {
  if (!decided.length) return;
  const rows = decided.map(({ ma_id, decision }) => ({
    ma_id,
    mr_reason: decision.reason,
    mr_params: JSON.stringify(decision.params),
    mr_suggestions: JSON.stringify(decision.suggestions),
  }));
  const links = decided.filter((d) => d.decision.job).map(({ ma_id, decision }) => ({ ma_id, job_id: decision.job!.job_id, mjl_reason: decision.reason }));
  const insertRows = (q: Pick<RoutingDb, 'insertInto'>) =>
    q
      .insertInto('mail_routing')
      .values(rows)
      .onConflict((oc) => oc.column('ma_id').doNothing())
      .execute();
  if (!links.length) return void (await insertRows(db));
  // The links go in a data-modifying WITH of the same statement: one round trip in the sync's transaction.
  await insertRows(
    db.with('linked', (q) =>
      q
        .insertInto('mail_job_links')
        .values(links)
        .onConflict((oc) => oc.columns(['ma_id', 'job_id']).doNothing())
        .returning('ma_id'),
    ) as unknown as Pick<RoutingDb, 'insertInto'>,
  );
}

/** Routes the batch's undecided mails; returns the decisions made (for tests and the benchmark). */
export async function routeBatch(db: RoutingDb, accountId: number, mails: StoredMail[]): Promise<{ ma_id: number; decision: Decision }[]> {
  const todo = await undecided(db, mails);
  if (!todo.length) return [];
  const facts = await loadFacts(
    db,
    accountId,
    todo.map((t) => t.mail),
  );
  const decided = todo.map((t) => ({ ma_id: t.ma_id, decision: decide(t.mail, facts) }));
  await recordDecisions(db, decided);
  return decided;
}
