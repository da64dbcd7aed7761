/**
 * An API process that runs no workers (MAIL_WORKERS=0) still puts "Sync now" and accounting work on
 * the shared pg-boss queues, for the worker processes to run: one send-only pg-boss instance (no
 * supervision, no schedule, no work of its own), so requests never run a sync in the API process.
 */
import { PgBoss } from 'pg-boss';
import { accountingSender, createAccountingQueue, type AccountingQueue } from '../accounting/queue/workers';
import type { RootDb } from '../db/types';
import { setLegacyQueueAside } from '../mail/queue/legacyQueue';
import type { MailSyncQueue } from '../mail/queue/requestSync';
import { BOSS_SCHEMA, createMailSyncQueue, mailSyncSender } from '../mail/queue/workers';

export interface QueueSender {
  mail: MailSyncQueue;
  accounting: AccountingQueue;
  stop(): Promise<void>;
}

export async function startQueueSender(root: RootDb, connectionString: string): Promise<QueueSender> {
  // A pg-boss 10 queue is set aside first (pg-boss 12 cannot migrate it); the workers carry its jobs over.
  await setLegacyQueueAside(root, BOSS_SCHEMA);
  const boss = new PgBoss({ connectionString, schema: BOSS_SCHEMA, max: 2, supervise: false, schedule: false, application_name: 'queue-sender' });
  boss.on('error', (err) => console.error('[queue-sender]', err));
  await boss.start();
  await createMailSyncQueue(boss);
  await createAccountingQueue(boss);
  return { mail: mailSyncSender(boss), accounting: accountingSender(boss), stop: () => boss.stop({ graceful: false }) };
}
