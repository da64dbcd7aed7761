/** Test helpers of the mail client: a brand with the demo mailbox and a job, calls as a user, and a brand beside a real Dovecot with shared inboxes. */
import { afterAll, beforeAll } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { allFeatures, type BrandFeatures } from '../../../core/brand/types';
import { brandDb, type RootDb } from '../../db/types';
import { createDemoMail } from '../../seed/mail';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, createTestBrand, login, uniqueName, type TestBrand, type TestContext } from '../../test/helpers';
import { createTestAccount, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';

/**
 * `firstMailId` starts the brand's mail ids there instead of at 1 (ids are per schema, so two
 * brands made alike have the same ids): a test can then hold an id that only this brand has.
 */
export async function mailBrand(root: RootDb, features: BrandFeatures = allFeatures(true), opts: { firstMailId?: number } = {}) {
  const brand = await createTestBrand(root, features);
  const db = mailDb(brandDb(root, brand.schema));
  if (opts.firstMailId) await sql`select setval(pg_get_serial_sequence(${`${brand.schema}.mails`}, 'ma_id'), ${opts.firstMailId}, false)`.execute(db);
  const de = await sql<{
    de_id: number;
  }>`insert into ${sql.id(brand.schema, 'departments')} (de_name, de_prefix) values ('Test', 'TST') returning de_id`.execute(db);
  const job = await db
    .insertInto('jobs')
    .values({ de_id: de.rows[0].de_id, job_number: 'TST-0001' } as never)
    .returning('job_id')
    .executeTakeFirstOrThrow();
  await createDemoMail(root, brand.schema);
  const account = await db.selectFrom('mailaccounts').select('mailaccount_id').executeTakeFirstOrThrow();
  return { ...brand, db, jobId: job.job_id, accountId: account.mailaccount_id };
}

export function mailCalls(t: TestContext) {
  return async (host: string, email = 'operator@demo.test') => {
    const cookie = await login(t.app, host, email);
    return (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, cookie, body, host });
  };
}

/**
 * A brand with a "Plumbing" (PLB) department beside a real Dovecot, started before the file's tests
 * and stopped after them; read its parts inside tests (they are set in beforeAll).
 */
export function useDovecotBrand(t: TestContext) {
  const kit = {} as { brand: TestBrand; db: MailDb; dovecot: Dovecot; deId: number };
  beforeAll(async () => {
    kit.brand = await createTestBrand(t.db);
    kit.db = mailDb(brandDb(t.db, kit.brand.schema));
    kit.dovecot = await startDovecot();
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(kit.brand.schema, 'departments')} (de_name, de_prefix) values ('Plumbing', 'PLB') returning de_id`.execute(kit.db);
    kit.deId = de.rows[0].de_id;
  }, 60_000);
  afterAll(async () => {
    await kit.dovecot?.stop();
  });
  return kit;
}

/** A booked PLB job with a fresh random number. */
export async function plumbingJob(kit: { db: MailDb; deId: number }) {
  const number = `PLB-${String(Math.floor(Math.random() * 900000) + 100000)}`;
  const raw = kit.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = await raw.insertInto('jobs').values({ de_id: kit.deId, job_number: number, job_status: 'BOOKED' }).returning('job_id').executeTakeFirstOrThrow();
  return { job_id: row.job_id as number, job_number: number };
}

/** A shared inbox on the Dovecot that the demo operator reads; `put` delivers raw mails to its INBOX. */
export async function sharedInbox(kit: { db: MailDb; dovecot: Dovecot }) {
  const user = `${uniqueName('shared')}@test.example`;
  const id = await createTestAccount(kit.db, kit.dovecot, user, 'pw-1');
  const operator = await kit.db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
  await kit.db.insertInto('mailaccount_users').values({ mailaccount_id: id, us_id: operator.us_id }).execute();
  const put = (raw: string) => withMailbox(kit.dovecot, user, 'pw-1', (c) => c.append('INBOX', raw).then(() => undefined));
  return { id, user, put };
}
