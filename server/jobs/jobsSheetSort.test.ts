import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { jobCalls } from './testKit';

// A brand of its own: its departments and totals are this file's alone.
const t = useTestApp();
const own = useTestBrand(t);
const { req, create } = jobCalls(t, () => own.brand.host);
let word: string;
let clients: number[];
let departments: number[];
const made: number[] = [];

const created = async (url: string, body: unknown) => {
  const res = await req('POST', url, own.admin, body);
  expect(res.status, res.text).toBe(201);
  return res.json;
};

beforeAll(async () => {
  word = uniqueName('Sortword').toLowerCase();
  const tag = word.slice(-4).toUpperCase();
  clients = [];
  for (const name of ['Mabel', 'beatrix', 'Zora'])
    clients.push((await created('contacts/create', { co_name: `${name} ${word}`, co_type: 'CLIENT' })).contacts.data.co_id);
  departments = [];
  for (const [i, name] of ['Plumbing', 'glazing'].entries())
    departments.push((await created('departments/create', { de_name: `${name} ${word}`, de_prefix: `S${i}${tag}` })).departments.data.de_id);
  // Job i has client i and department i % 2.
  for (const [i, co_id] of clients.entries())
    made.push((await create(own.admin, { de_id: departments[i % 2], co_id, job_status: 'BOOKED', job_desc: `${word} ${i}` })).job_id);
});

const sheet = async (sort: string, body: Record<string, unknown> = { stext: word }) => {
  const res = await req('POST', `jobs/filter?limit=20&pagenumber=1&totalcount=1&sort=${sort}`, own.admin, body);
  expect(res.status, res.text).toBe(200);
  return (res.json.jobs.data as { job_id: number }[]).map((r) => r.job_id);
};

describe('the job sheet sorted by a name', () => {
  it('sorts by client and department name, any case, in both directions, ties by job id', async () => {
    expect(await sheet('co_name')).toEqual([made[1], made[0], made[2]]);
    expect(await sheet('-co_name')).toEqual([made[2], made[0], made[1]]);
    expect(await sheet('de_name')).toEqual([made[1], made[0], made[2]]);
    expect(await sheet('-de_name,co_name')).toEqual([made[0], made[2], made[1]]);
    // Without free text the same order comes from the name's index, filtered by department.
    expect(await sheet('-co_name', { de_id: departments })).toEqual([made[2], made[0], made[1]]);
  });

  it('follows a renamed client or department, and a job moved to another client or department', async () => {
    const renamed = await req('PATCH', `contacts/${clients[2]}`, own.admin, { co_name: `Aaron ${word}` });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await sheet('co_name')).toEqual([made[2], made[1], made[0]]);

    const moved = await req('PATCH', `jobs/${made[0]}`, own.admin, { co_id: clients[2], de_id: departments[1] });
    expect(moved.status, moved.text).toBe(200);
    expect(await sheet('co_name')).toEqual([made[0], made[2], made[1]]);
    expect(await sheet('de_name')).toEqual([made[0], made[1], made[2]]);

    const department = await req('PATCH', `departments/${departments[0]}`, own.admin, { de_name: `Asphalt ${word}` });
    expect(department.status, department.text).toBe(200);
    expect(await sheet('de_name')).toEqual([made[2], made[0], made[1]]);
    // The client's name on the rows is the new one too.
    const rows = (await req('POST', `jobs/filter?sort=co_name`, own.admin, { stext: word })).json.jobs.data as { co_name: string }[];
    expect(rows.map((r) => r.co_name)).toEqual([`Aaron ${word}`, `Aaron ${word}`, `beatrix ${word}`]);
  });

  it('finds a job by its client’s new name', async () => {
    expect(await sheet('co_name', { stext: `aaron ${word}` })).toEqual([made[0], made[2]]);
  });
});

describe('the job sheet total of a status and department view', () => {
  const total = async (body: Record<string, unknown>) => {
    const res = await req('POST', 'jobs/filter?limit=1&pagenumber=1&totalcount=1', own.admin, body);
    expect(res.status, res.text).toBe(200);
    return res.json.jobs.metadata.totalCount as number;
  };
  // The same view with a condition the kept counts cannot answer, so the total comes from counting rows.
  const counted = (body: Record<string, unknown>) => total({ ...body, stext: word });

  it('follows creates, drafts being numbered, status and department changes and deletes', async () => {
    const views = [
      { de_id: departments },
      { de_id: [departments[1]] },
      { de_id: departments, job_status: ['BOOKED'] },
      { de_id: departments, job_status: ['QUOTED', 'ON_HOLD'] },
      { de_id: departments, drafts: true },
    ];
    const check = async () => {
      for (const view of views) expect(await total(view), JSON.stringify(view)).toBe(await counted(view));
      return Promise.all(views.map(total));
    };
    expect(await check()).toEqual([3, 2, 3, 0, 3]);

    const draft = await create(own.admin, { de_id: departments[1], job_status: 'QUOTED', job_is_draft: true, job_desc: `${word} draft` });
    expect(await check()).toEqual([3, 2, 3, 0, 4]);
    expect((await req('PATCH', `jobs/${draft.job_id}`, own.admin, { job_desc: `${word} saved` })).status).toBe(200);
    expect(await check()).toEqual([4, 3, 3, 1, 4]);
    expect((await req('PATCH', `jobs/${made[2]}`, own.admin, { job_status: 'ON_HOLD', de_id: departments[1] })).status).toBe(200);
    expect(await check()).toEqual([4, 4, 2, 2, 4]);
    expect((await req('DELETE', `jobs/${draft.job_id}`, own.admin)).status).toBe(200);
    expect(await check()).toEqual([3, 3, 2, 1, 3]);
  });
});
