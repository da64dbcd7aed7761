/**
 * PostgreSQL restarted under running processes (issue 29, faults): an API process and a worker
 * keep running, the API answers again once the server is back, its LISTEN connection comes back by
 * itself (open streams are told to read everything again, then hear new events), and a sync asked
 * for through the API afterwards is queued and run by the worker.
 * The run's shared database cannot be restarted under the other test files, so this file starts
 * a PostgreSQL cluster of its own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/kysely';
import { brandDb, type RootDb } from '../db/types';
import { openStream } from '../events/testKit';
import { brandSchema, demoIds } from '../jobs/testKit';
import { jobDb } from '../jobs/tables';
import { initMailSecrets } from '../mail/secrets';
import { createTestAccount, rawMail, withMailbox } from '../mail/sync/testMailbox';
import { mailDb } from '../mail/tables';
import { startDovecot, type Dovecot } from '../test/dovecot';
import { DEMO_HOST } from '../test/helpers';
import { ownDatabase, type OwnDatabase } from './ownDatabase';
import { httpCall, httpLogin, startProcess, type ServerProcess } from './testKit';

let own: OwnDatabase;
let api: ServerProcess;
let worker: ServerProcess;
let db: RootDb | null = null;
let dovecot: Dovecot;

beforeAll(async () => {
  // The worker reads the mail server password this file stores: one key for both.
  const secretKey = randomBytes(32).toString('hex');
  process.env.MAIL_SECRET_KEY = secretKey;
  initMailSecrets(null);
  delete process.env.MAIL_SECRET_KEY;
  [own, dovecot] = await Promise.all([ownDatabase(), startDovecot()]);
  [api, worker] = await Promise.all([
    startProcess({ ...own.env, MAIL_WORKERS: '0' }),
    startProcess({ ...own.env, ROLE: 'worker', MAIL_SYNC_INTERVAL_S: '3600', MAIL_SECRET_KEY: secretKey }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop(), dovecot?.stop()]);
  await db?.destroy();
  await own?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries `attempt` until it resolves or `ms` have passed (then its last error is thrown). */
async function eventually<T>(attempt: () => Promise<T>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > until) throw err;
      await pause(250);
    }
  }
}

describe('PostgreSQL restarted under the running processes', () => {
  it('the processes keep running, answer again, hear events again and run new syncs, without a restart of their own', async () => {
    const operator = await httpLogin(api.base, DEMO_HOST, 'operator@demo.test');
    const stream = await openStream(api.base, DEMO_HOST, operator);
    try {
      await own.stop();
      // While the database is away a request is answered (with an error), not left hanging or crashing the process.
      const away = await httpCall(api.base, { method: 'POST', url: '/api/auth/login', host: DEMO_HOST, body: { email: 'admin@demo.test', password: 'x' } });
      expect(away.status).toBeGreaterThanOrEqual(500);
      await pause(1000);

      await own.start();
      await eventually(() => httpLogin(api.base, DEMO_HOST, 'admin@demo.test'), 30_000);
      // The listener came back and told the open stream that events may have been missed.
      await stream.next((e) => e.name === 'resync', 20_000);

      db = createDb(own.url, 2);
      const ids = await demoIds(db);
      const schema = await brandSchema(db);
      await jobDb(brandDb(db, schema)).insertInto('notifications').values({ us_id: ids.users.operator, notif_type: 'note' }).execute();
      await stream.next((e) => e.name === 'reminders', 10_000);

      // The API's queue and the worker's met the dead connections too: a sync asked for now still runs.
      const mail = mailDb(brandDb(db, schema));
      const user = 'after-restart@test.example';
      const accountId = await createTestAccount(mail, dovecot, user, 'pw-restart');
      await withMailbox(dovecot, user, 'pw-restart', (c) => c.append('INBOX', rawMail({ subject: 'After the restart' })));
      const admin = await httpLogin(api.base, DEMO_HOST, 'admin@demo.test');
      const asked = await eventually(async () => {
        const answer = await httpCall(api.base, { method: 'POST', url: `/api/mailaccounts/${accountId}/sync`, host: DEMO_HOST, cookie: admin });
        if (answer.status !== 202) throw new Error(`sync asked: ${answer.status} ${JSON.stringify(answer.json)}`);
        return answer;
      }, 20_000);
      expect(asked.json.mailaccounts.data.sync).toBe('queued');
      const synced = () =>
        eventually(async () => {
          const row = await mail.selectFrom('mails').select('mail_subject').where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow();
          return row.mail_subject;
        }, 45_000);
      expect(await synced()).toBe('After the restart');

      // The worker's queue and timers met the dead connections too; give them a moment to fail if they would.
      await pause(2000);
      expect(api.alive()).toBe(true);
      expect(worker.alive()).toBe(true);
    } finally {
      stream.close();
    }
  });
});
