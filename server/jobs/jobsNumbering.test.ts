import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, uniqueName, useTestApp } from '../test/helpers';
import { brandJobDb, jobCalls } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

const newDepartment = async (prefix: string) => {
  const db = await brandJobDb(t.db);
  return (
    await db
      .insertInto('departments')
      .values({ de_name: uniqueName('Numbering dept'), de_prefix: prefix })
      .returning('de_id')
      .executeTakeFirstOrThrow()
  ).de_id;
};
const tail = (n: number) => String(n).padStart(6, '0');

describe('job numbers never repeat', () => {
  it('skips numbers already taken when a prefix is reused or edited, also under concurrent saves', async () => {
    const prefix = `N${Math.floor(Math.random() * 1e6)}`;
    const first = await newDepartment(prefix);
    for (let i = 1; i <= 3; i++) expect((await create(admin, { de_id: first, job_desc: `Old ${i}` })).job_number).toBe(`${prefix}-${tail(i)}`);
    // The prefix moves away from the first department and a new one takes it: its counter starts at 0.
    const db = await brandJobDb(t.db);
    await db
      .updateTable('departments')
      .set({ de_prefix: `${prefix}OLD` })
      .where('de_id', '=', first)
      .execute();
    const second = await newDepartment(prefix);
    // A number further on is taken too (an imported job, say).
    await db
      .insertInto('jobs')
      .values({ de_id: second, job_number: `${prefix}-${tail(6)}` })
      .execute();

    const made = await Promise.all(Array.from({ length: 5 }, (_, i) => req('POST', 'jobs/create', admin, { de_id: second, job_desc: `New ${i}` })));
    for (const r of made) expect(r.status, r.text).toBe(201);
    const numbers = made.map((r) => r.json.jobs.data.job_number as string).sort();
    expect(numbers).toEqual([4, 5, 7, 8, 9].map((n) => `${prefix}-${tail(n)}`));
    const counter = await db.selectFrom('job_number_counters').select('last_number').where('de_id', '=', second).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(9);

    // Editing the first department's prefix back: its counter (3) runs into the second's numbers.
    await db
      .updateTable('departments')
      .set({ de_prefix: `${prefix}NEW` })
      .where('de_id', '=', second)
      .execute();
    await db.updateTable('departments').set({ de_prefix: prefix }).where('de_id', '=', first).execute();
    expect((await create(admin, { de_id: first, job_desc: 'Back' })).job_number).toBe(`${prefix}-${tail(10)}`);
  });

  it('moving a job to a department whose next number is taken gives it a free one', async () => {
    const prefix = `M${Math.floor(Math.random() * 1e6)}`;
    const target = await newDepartment(prefix);
    const db = await brandJobDb(t.db);
    await db
      .insertInto('jobs')
      .values({ de_id: target, job_number: `${prefix}-${tail(1)}` })
      .execute();
    const job = await create(admin, { de_id: await newDepartment(`${prefix}S`), job_desc: 'Mover' });
    const moved = await req('PATCH', `jobs/${job.job_id}`, admin, { de_id: target });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.jobs.data.job_number).toBe(`${prefix}-${tail(2)}`);
  });
});
