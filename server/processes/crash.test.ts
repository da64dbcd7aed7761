/**
 * Kill -9 of one of two API processes under load (issue 29, faults): the other keeps answering,
 * and every write a client was told succeeded is in the database, whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../db/types';
import { brandSchema, demoIds, type DemoIds } from '../jobs/testKit';
import { jobDb } from '../jobs/tables';
import { DEMO_HOST, testDb } from '../test/helpers';
import { httpCall, httpLogin, startProcess, type ServerProcess } from './testKit';

/** Clients per process, each sending one write after the other, as busy office users do. */
const CLIENTS = 3;

let a: ServerProcess;
let b: ServerProcess;
let db: RootDb;
let ids: DemoIds;

beforeAll(async () => {
  db = testDb();
  ids = await demoIds(db);
  [a, b] = await Promise.all([startProcess({ MAIL_WORKERS: '0' }), startProcess({ MAIL_WORKERS: '0' })]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.destroy();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('one of two API processes killed under load', () => {
  it('the other keeps answering and no acknowledged write is lost or half-written', async () => {
    const cookies = await Promise.all([httpLogin(a.base, DEMO_HOST, 'admin@demo.test'), httpLogin(b.base, DEMO_HOST, 'admin@demo.test')]);
    const tag = `Crash ${Date.now()}`;
    const acknowledged = new Map<number, string>();
    /** Every answer B gave, and how many of them came after A was gone. */
    const answersOfB: number[] = [];
    let answersOfBAfterCrash = 0;
    let crashed = false;
    let running = true;
    let n = 0;

    const client = async (p: ServerProcess, cookie: string) => {
      while (running) {
        const desc = `${tag} ${(n += 1)}`;
        try {
          const res = await httpCall(p.base, {
            method: 'POST',
            url: '/api/jobs/create',
            host: DEMO_HOST,
            cookie,
            body: { de_id: ids.departments[1].de_id, job_desc: desc },
          });
          if (res.status === 201) acknowledged.set(res.json.jobs.data.job_id as number, desc);
          if (p === b) {
            answersOfB.push(res.status);
            if (crashed) answersOfBAfterCrash += 1;
          }
        } catch (err) {
          // A dead process refuses or resets the connection; a live one must not.
          if (p === b) throw err;
          await pause(20);
        }
      }
    };
    const clients = [...Array.from({ length: CLIENTS }, () => client(a, cookies[0])), ...Array.from({ length: CLIENTS }, () => client(b, cookies[1]))];

    const until = Date.now() + 60_000;
    while (acknowledged.size < 20 && Date.now() < until) await pause(50);
    await a.crash();
    crashed = true;
    await pause(1500);
    running = false;
    await Promise.all(clients);

    expect(a.alive()).toBe(false);
    expect(b.alive()).toBe(true);
    expect(answersOfBAfterCrash).toBeGreaterThan(0);
    expect(answersOfB.filter((s) => s !== 201)).toEqual([]);

    const rows = await jobDb(brandDb(db, await brandSchema(db)))
      .selectFrom('jobs')
      .select(['job_id', 'job_desc', 'job_number'])
      .where('job_desc', 'like', `${tag} %`)
      .execute();
    const stored = new Map(rows.map((r) => [r.job_id, r]));
    // Every write a client heard "201" for is there, as it was sent.
    expect([...acknowledged].filter(([id, desc]) => stored.get(id)?.job_desc !== desc)).toEqual([]);
    // A create cut off mid-way (on A) either committed whole or not at all: no job without its number.
    expect(rows.filter((r) => !r.job_number)).toEqual([]);
    expect(new Set(rows.map((r) => r.job_number)).size).toBe(rows.length);
    // B still signs people in after the crash.
    expect(await httpLogin(b.base, DEMO_HOST, 'operator@demo.test')).toMatch(/^sid=/);
  });
});
