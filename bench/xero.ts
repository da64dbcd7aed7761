/**
 * BENCH_ONLY=xero (and part of the full `npm run bench`): the accounting sync against the local
 * provider server with Xero's limits on (60 calls a minute, 5,000 a day, 5 at once per
 * organisation), in real time: pull 10,000 contacts through the contact sync, then push 1,000
 * invoices through the push queue, each as the accounting queue runs it (runAccountingTask; a
 * `retry` answer waits until the time it names, as pg-boss would). Prints the time against the
 * floor the limits set (calls needed ÷ 60 a minute, with Xero's batch sizes: 100 contacts a page,
 * 50 invoices a call), the 429s met and the duplicates found in the fake.
 *
 * BENCH_XERO_CONTACTS and BENCH_XERO_INVOICES scale it down (1,000 invoices need 1,000 clients).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { startProviderServer } from '../providers/server';
import { createBrand } from '../server/brand/create';
import { connectDatabase } from '../server/db/connect';
import { migrateAll } from '../server/db/migrations/migrate';
import { brandDb, type RootDb } from '../server/db/types';
import { encryptSecret } from '../server/mail/secrets';
import type { AnyDb } from '../server/resources/hooks';
import { runAccountingTask, type TaskOutcome } from '../server/accounting/queue/tasks';
import { beginSync } from '../server/accounting/sync/state';
import type { SyncDb } from '../server/accounting/sync/tables';
import { CONTACT_SYNC } from '../server/accounting/sync/contacts';
import { PUSH_TASK } from '../server/accounting/documents/pushTask';
import { BATCH_SIZE, enqueuePush } from '../server/accounting/documents/queue';
import { SYNC_PAGE_SIZE } from '../core/accounting/constants';

const CONTACTS = Number(process.env.BENCH_XERO_CONTACTS ?? 10_000);
const INVOICES = Number(process.env.BENCH_XERO_INVOICES ?? 1_000);
const PER_MINUTE = 60;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Runs a task as the accounting queue does: again at the time a `retry` names, until it is done. */
async function runToEnd(root: RootDb, schema: string, task: string): Promise<{ runs: number; waits: number }> {
  let runs = 0;
  let waits = 0;
  for (;;) {
    runs++;
    const outcome: TaskOutcome = await runAccountingTask(root, { schema, task });
    if (outcome.status === 'done') return { runs, waits };
    if (outcome.status === 'failed') throw new Error(`${task} failed: ${outcome.code}`);
    waits++;
    await sleep(outcome.retryAt.getTime() - Date.now());
  }
}

export async function runXeroBench(dataDir: string): Promise<void> {
  if (INVOICES > CONTACTS) throw new Error('BENCH_XERO_INVOICES: each invoice needs a client of its own among the contacts');
  rmSync(dataDir, { recursive: true, force: true });
  const database = await connectDatabase({ dataDir });
  const providers = await startProviderServer();
  const apiUrl = process.env.XERO_API_URL;
  process.env.XERO_API_URL = `${providers.url}/xero/api.xro/2.0`;
  try {
    await migrateAll(database.db);
    const root = database.db;
    const { schema } = await createBrand(root, { name: 'Xero bench', domain: 'xero-bench.test', config: {} });
    const db = brandDb(root, schema) as unknown as AnyDb;

    // The brand connected to an organisation of the fake (a grant as the connect flow stores it).
    const subject = `bench-${randomUUID()}`;
    const token = `bench-token-${randomUUID()}`;
    providers.xero.allowToken(token, subject);
    const { tenantId } = providers.xero.createTenant({ name: 'Bench Ltd', subject });
    await db
      .insertInto('oauth_grants')
      .values({
        provider: 'xero',
        owner_kind: 'brand',
        owner_id: 0,
        external_id: tenantId,
        scopes: 'accounting.transactions accounting.contacts accounting.settings offline_access',
        access_token_enc: encryptSecret(token),
        refresh_token_enc: encryptSecret(`bench-refresh-${randomUUID()}`),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    // Tax rates pulled before (the invoices' 20% is OUTPUT2), as a brand that invoices has them.
    await db.insertInto('xero_taxrates').values({ tax_type: 'OUTPUT2', name: '20% (VAT on Income)', effective_rate: 20, is_default: true }).execute();

    // Xero's contacts; the invoices' clients are the first of them, known here by their ContactID (matched, not doubled, by the pull).
    const seeded = Array.from({ length: CONTACTS }, (_, i) => ({ ContactID: randomUUID(), Name: `Bench client ${i}`, EmailAddress: `client${i}@bench.test` }));
    for (let i = 0; i < seeded.length; i += 2000) providers.xero.seedContacts(tenantId, seeded.slice(i, i + 2000));
    const { de_id } = await db.insertInto('departments').values({ de_name: 'Repairs', de_prefix: 'R' }).returning('de_id').executeTakeFirstOrThrow();
    const setupStarted = Date.now();
    for (let i = 0; i < INVOICES; i++) {
      const { co_id } = await db
        .insertInto('contacts')
        .values({ co_type: 'CLIENT', co_name: seeded[i].Name, xero_contact_id: seeded[i].ContactID })
        .returning('co_id')
        .executeTakeFirstOrThrow();
      const { job_id } = await db
        .insertInto('jobs')
        .values({ de_id, co_id, job_status: 'QUOTED', job_desc: `Bench job ${i}`, job_number: `B-${i}` })
        .returning('job_id')
        .executeTakeFirstOrThrow();
      const { jss_id } = await db
        .insertInto('job_sales_sections')
        .values({ job_id, jss_title: `Repair ${i}`, jss_invoice_type: 'INVOICE' })
        .returning('jss_id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('job_sales_items')
        .values({
          jss_id,
          sales_kind: 'invoice',
          ordering: 0,
          description: 'Call-out and repair',
          qty: 1,
          net_unit_cost: 0,
          net_unit_sales: '120.00',
          tax_rate: 20,
          net_amount: '120.00',
        })
        .execute();
      await enqueuePush(db, schema, job_id, jss_id, 'INVOICE');
    }
    // Queued, not yet due: the push queue starts once the pull is over.
    await db
      .updateTable('xero_sync_pending')
      .set({ next_attempt_at: sql`now() + interval '1 day'` })
      .execute();
    console.log(
      `\nxero bench: ${CONTACTS} contacts seeded in the fake, ${INVOICES} invoice sections queued in ${Date.now() - setupStarted} ms; real time, Xero's limits as they are (60/min, 5,000/day, 5 at once)`,
    );

    const started = Date.now();
    await beginSync(db as unknown as SyncDb, 'contacts');
    const pull = await runToEnd(root, schema, CONTACT_SYNC);
    const pulled = Date.now();
    await db
      .updateTable('xero_sync_pending')
      .set({ next_attempt_at: sql`now()` })
      .execute();
    const push = await runToEnd(root, schema, PUSH_TASK);
    const ended = Date.now();

    const state = providers.xero.state(tenantId);
    const log = state.calls.log;
    const count = (ids: string[]) => log.filter((c) => c.operationId !== null && ids.includes(c.operationId)).length;
    const throttled = log.filter((c) => c.status === 429).length;
    const dupes = (values: unknown[]) => {
      const seen = new Map<unknown, number>();
      for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
      return [...seen.values()].filter((n) => n > 1).length;
    };
    const localContacts = await db
      .selectFrom('contacts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const done = await db
      .selectFrom('xero_sync_pending')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'done')
      .executeTakeFirstOrThrow();
    // Xero's batch sizes: a page of 100 contacts, 50 invoices a call.
    const floorCalls = Math.ceil(CONTACTS / SYNC_PAGE_SIZE) + Math.ceil(INVOICES / BATCH_SIZE);
    const floorS = (floorCalls / PER_MINUTE) * 60;
    const totalS = (ended - started) / 1000;
    console.log(
      `contacts pull: ${((pulled - started) / 1000).toFixed(1)} s, ${count(['getContacts'])} calls, ${pull.runs} task runs (${pull.waits} waits); ${localContacts.n} contacts here`,
    );
    console.log(
      `invoice push: ${((ended - pulled) / 1000).toFixed(1)} s, ${count(['createInvoices'])} invoice calls, ${count(['createContacts', 'getTaxRates', 'getOnlineInvoice'])} other calls, ${push.runs} task runs (${push.waits} waits); ${done.n} of ${INVOICES} pushes done`,
    );
    console.log(
      `total ${totalS.toFixed(1)} s for ${log.length} calls against a floor of ${floorS.toFixed(1)} s (${floorCalls} calls ÷ ${PER_MINUTE}/min): ${((totalS / floorS - 1) * 100).toFixed(1)} % over (goal ≤ 10 %)`,
    );
    console.log(
      `429s met: ${throttled}; duplicates in the fake: ${dupes(state.invoices.map((i) => i.Reference))} invoices, ${dupes(state.contacts.map((c) => String(c.Name).toLowerCase()))} contacts (${state.invoices.length} invoices, ${state.contacts.length} contacts there); contract violations: ${providers.violations.length}`,
    );
  } finally {
    if (apiUrl === undefined) delete process.env.XERO_API_URL;
    else process.env.XERO_API_URL = apiUrl;
    await providers.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
