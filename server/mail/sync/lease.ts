/**
 * One sync per mail account across every process: the sync takes the account's lease with one
 * `update ... returning` and renews it while it runs. A lease not renewed for MAIL_SYNC_LEASE_S
 * belonged to a process that died mid-sync (kill -9, a lost machine) and is taken over; a long sync
 * that is still alive keeps its account however long it takes.
 */
import { sql } from 'kysely';
import type { MailDb } from '../tables';

const DEFAULT_LEASE_S = 90;

/** Seconds a lease lasts without renewal (MAIL_SYNC_LEASE_S, at least 3). */
export function leaseSeconds(): number {
  const seconds = Number(process.env.MAIL_SYNC_LEASE_S ?? DEFAULT_LEASE_S);
  return Number.isFinite(seconds) && seconds >= 3 ? seconds : DEFAULT_LEASE_S;
}

export async function takeLease(db: MailDb, accountId: number): Promise<boolean> {
  const row = await db
    .updateTable('mailaccounts')
    .set({ sync_status: 'running', sync_started_at: sql`now()`, sync_alive_at: sql`now()` })
    .where('mailaccount_id', '=', accountId)
    .where('ma_enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('sync_status', '!=', 'running'),
        eb(sql`coalesce(sync_alive_at, sync_started_at)`, '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds()})`),
      ]),
    )
    .returning('mailaccount_id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Renews the lease taken by takeLease every third of its time until the returned function is
 * called. A renewal that fails (the database away for a moment) is tried again at the next one.
 */
export function keepLease(db: MailDb, accountId: number): () => void {
  const renew = () =>
    db
      .updateTable('mailaccounts')
      .set({ sync_alive_at: sql`now()` })
      .where('mailaccount_id', '=', accountId)
      .where('sync_status', '=', 'running')
      .execute()
      .catch(() => undefined);
  const timer = setInterval(() => void renew(), (leaseSeconds() * 1000) / 3);
  timer.unref();
  return () => clearInterval(timer);
}
