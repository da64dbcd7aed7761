/**
 * Two API processes and one worker process on one PostgreSQL (README: ROLE=worker, MAIL_WORKERS=0):
 * what one process does, the others see, and nothing the database hands out is handed out twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../db/types';
import { openStream } from '../events/testKit';
import { brandSchema, demoIds, type DemoIds } from '../jobs/testKit';
import { jobDb } from '../jobs/tables';
import { DEMO_HOST, testDb } from '../test/helpers';
import { httpCall, httpLogin, startProcess, type ServerProcess } from './testKit';

/** The session cache of each process (buildApp's default), documented in README's configuration table. */
const SESSION_CACHE_MS = 2000;

let a: ServerProcess;
let b: ServerProcess;
let worker: ServerProcess;
let db: RootDb;
let ids: DemoIds;

beforeAll(async () => {
  db = testDb();
  ids = await demoIds(db);
  [a, b, worker] = await Promise.all([
    startProcess({ MAIL_WORKERS: '0' }),
    startProcess({ MAIL_WORKERS: '0' }),
    startProcess({ ROLE: 'worker', MAIL_SYNC_INTERVAL_S: '3600' }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
  await db?.destroy();
});

const whoami = async (p: ServerProcess, cookie: string) =>
  (await httpCall(p.base, { url: '/api/auth/whoami', host: DEMO_HOST, cookie })).json.auth.metadata.userData.isLogged as boolean;

describe('two API processes and a worker', () => {
  it('the worker answers no HTTP, the API processes do', () => {
    expect(worker.base).toBe('');
    expect(worker.output()).toContain('ROLE=worker');
    expect(a.output()).toContain('Listening on');
  });

  it('a session made on one is valid on the other; a logout on one is seen on the other within the cache time', async () => {
    const cookie = await httpLogin(a.base, DEMO_HOST, 'operator@demo.test');
    expect(await whoami(b, cookie)).toBe(true);
    const out = await httpCall(a.base, { url: '/api/auth/logout', host: DEMO_HOST, cookie });
    expect(out.status).toBe(200);
    expect(await whoami(a, cookie)).toBe(false);
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 200));
    expect(await whoami(b, cookie)).toBe(false);
  });

  it('an event raised in one process (or by the worker) reaches a stream on the other', async () => {
    const admin = await httpLogin(a.base, DEMO_HOST, 'admin@demo.test');
    const operator = await httpLogin(b.base, DEMO_HOST, 'operator@demo.test');
    const stream = await openStream(b.base, DEMO_HOST, operator);
    try {
      const made = await httpCall(a.base, {
        method: 'POST',
        url: '/api/jobs/create',
        host: DEMO_HOST,
        cookie: admin,
        body: { de_id: ids.departments[0].de_id, job_desc: 'Two' },
      });
      expect(made.status).toBe(201);
      const jobId = made.json.jobs.data.job_id as number;
      const saved = await httpCall(a.base, { method: 'PATCH', url: `/api/jobs/${jobId}`, host: DEMO_HOST, cookie: admin, body: { job_desc: 'Changed on A' } });
      expect(saved.status).toBe(200);
      expect((await stream.next((e) => e.name === 'job' && e.data.jobId === jobId)).data).toEqual({ jobId });
      // A reminder written straight to the database, as the worker's checks do.
      const schema = await brandSchema(db);
      await jobDb(brandDb(db, schema)).insertInto('notifications').values({ us_id: ids.users.operator, notif_type: 'note' }).execute();
      await stream.next((e) => e.name === 'reminders');
    } finally {
      stream.close();
    }
  });

  it('never hands out the same job number twice across processes', async () => {
    const cookies = await Promise.all([httpLogin(a.base, DEMO_HOST, 'admin@demo.test'), httpLogin(b.base, DEMO_HOST, 'admin@demo.test')]);
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        httpCall([a, b][i % 2].base, {
          method: 'POST',
          url: '/api/jobs/create',
          host: DEMO_HOST,
          cookie: cookies[i % 2],
          body: { de_id: ids.departments[2].de_id, job_desc: `Race ${i}` },
        }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = made.map((r) => r.json.jobs.data.job_number as string);
    expect(new Set(numbers).size).toBe(12);
  });
});
