import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs, makeJob, makeUser, userId } from '../jobs/sales/testJobs';

const t = useTestApp();
let engineer = '';
let engineerId = 0;
let other = { us_id: 0, cookie: '' };
let operator = '';
let mySite = 0;
let foreignSite = 0;

/** A fresh site with one job on it, the given engineer on the job. */
async function siteWithJob(engineerUs: number): Promise<number> {
  const db = brandJobs(t.db);
  const { js_id } = await db
    .insertInto('jobsites')
    .values({ js_address: `${Date.now()} Test Road`, js_city: 'Leeds', js_postcode: 'LS1 1AA' })
    .returning('js_id')
    .executeTakeFirstOrThrow();
  const job = await makeJob(t.db, { engineers: [engineerUs] });
  await db.updateTable('jobs').set({ js_id }).where('job_id', '=', job).execute();
  return js_id;
}

beforeAll(async () => {
  engineer = await login(t.app, 'localhost', 'engineer@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  const second = await makeUser(t.db, 'Engineer');
  other = { us_id: second.us_id, cookie: await login(t.app, 'localhost', second.email) };
  operator = await login(t.app, 'localhost', 'operator@demo.test');
  mySite = await siteWithJob(engineerId);
  foreignSite = await siteWithJob(other.us_id);
});

const notes = (js: number, id?: number) => `/api/engineerportal/jobsitenotes${id ? `/${id}` : ''}?js_id=${js}`;

describe('engineer portal sites', () => {
  it('reads and changes a site of the engineer’s jobs, never another site', async () => {
    const details = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitedetails', cookie: engineer, body: { js_id: mySite } });
    expect(details.status, details.text).toBe(200);
    expect(details.json.engineerportal.data).toMatchObject({ js_id: mySite, js_city: 'Leeds', js_other_notes: null });
    const changed = await call(t.app, {
      method: 'PATCH',
      url: `/api/engineerportal/updateOtherNotes?js_id=${mySite}`,
      cookie: engineer,
      body: { js_other_notes: 'Gate code 1234' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.engineerportal.data.js_other_notes).toBe('Gate code 1234');
    const long = await call(t.app, {
      method: 'PATCH',
      url: `/api/engineerportal/updateOtherNotes?js_id=${mySite}`,
      cookie: engineer,
      body: { js_other_notes: 'x'.repeat(3001) },
    });
    expect(long.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'js_other_notes', primary: 'Max. 3000 chars!' });

    expect((await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitedetails', cookie: engineer, body: { js_id: foreignSite } })).status).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/api/engineerportal/updateOtherNotes?js_id=${foreignSite}`,
          cookie: engineer,
          body: { js_other_notes: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, { url: notes(foreignSite), cookie: engineer })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: notes(foreignSite), cookie: engineer, body: { jsn_note: 'x' } })).status).toBe(404);
    const missing = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitedetails', cookie: engineer, body: {} });
    expect(missing.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'js_id', primary: 'Field is required!' });
    const untouched = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitedetails', cookie: other.cookie, body: { js_id: foreignSite } });
    expect(untouched.json.engineerportal.data.js_other_notes).toBeNull();
  });

  it('adds, edits and deletes own notes; another user’s note is read-only', async () => {
    const added = await call(t.app, { method: 'POST', url: notes(mySite), cookie: engineer, body: { jsn_note: 'Stopcock under the sink' } });
    expect(added.status, added.text).toBe(201);
    const mine = added.json.engineerportal.data;
    expect(mine).toMatchObject({ js_id: mySite, jsn_note: 'Stopcock under the sink', us_id: engineerId, author: expect.any(String), mine: true });
    expect((await call(t.app, { method: 'POST', url: notes(mySite), cookie: engineer, body: { jsn_note: '' } })).json.engineerportal.dbErrors[0]).toMatchObject(
      { details: 'jsn_note', primary: 'Field is required!' },
    );

    // Another engineer on the same site writes a note: readable, not changeable by the first.
    const job = await makeJob(t.db, { engineers: [other.us_id] });
    await brandJobs(t.db).updateTable('jobs').set({ js_id: mySite }).where('job_id', '=', job).execute();
    const theirs = (await call(t.app, { method: 'POST', url: notes(mySite), cookie: other.cookie, body: { jsn_note: 'Dog on site' } })).json.engineerportal
      .data;
    const list = await call(t.app, { url: notes(mySite), cookie: engineer });
    expect(list.json.engineerportal.data.map((n: { jsn_note: string; mine: boolean }) => [n.jsn_note, n.mine])).toEqual([
      ['Dog on site', false],
      ['Stopcock under the sink', true],
    ]);
    expect((await call(t.app, { method: 'PATCH', url: notes(mySite, theirs.jsn_id), cookie: engineer, body: { jsn_note: 'changed' } })).status).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: notes(mySite, theirs.jsn_id), cookie: engineer })).status).toBe(404);

    const edited = await call(t.app, { method: 'PATCH', url: notes(mySite, mine.jsn_id), cookie: engineer, body: { jsn_note: 'Stopcock in the hall' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.engineerportal.data.jsn_note).toBe('Stopcock in the hall');
    expect(edited.json.engineerportal.data.updated_at).toBeTruthy();
    expect((await call(t.app, { method: 'DELETE', url: notes(mySite, mine.jsn_id), cookie: engineer })).status).toBe(200);
    const after = await call(t.app, { url: notes(mySite), cookie: engineer });
    expect(after.json.engineerportal.data.map((n: { jsn_id: number }) => n.jsn_id)).toEqual([theirs.jsn_id]);
  });

  it('is for engineers only', async () => {
    const res = await call(t.app, { url: notes(mySite), cookie: operator });
    expect(res.status).toBe(403);
    expect(res.json.engineerportal.dbErrors[0].general).toBe('role');
    expect((await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitedetails', cookie: operator, body: { js_id: mySite } })).status).toBe(403);
  });
});

describe('engineer portal site history', () => {
  it('lists the engineer’s jobs at the site, with free text and statuses', async () => {
    const db = brandJobs(t.db);
    const tagged = await makeJob(t.db, { engineers: [engineerId], desc: 'Radiator bleed SITEHIST', status: 'BOOKED' });
    await db.updateTable('jobs').set({ js_id: mySite }).where('job_id', '=', tagged).execute();
    const theirs = await makeJob(t.db, { engineers: [other.us_id] });
    await db.updateTable('jobs').set({ js_id: mySite }).where('job_id', '=', theirs).execute();

    const all = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitehistory?totalcount=1', cookie: engineer, body: { js_id: mySite } });
    expect(all.status, all.text).toBe(200);
    const ids = all.json.engineerportal.data.map((r: { job_id: number; js_id: number }) => r.job_id);
    expect(ids).toContain(tagged);
    expect(ids).not.toContain(theirs);
    expect(all.json.engineerportal.data.every((r: { js_id: number }) => r.js_id === mySite)).toBe(true);
    const found = await call(t.app, {
      method: 'POST',
      url: '/api/engineerportal/jobsitehistory',
      cookie: engineer,
      body: { js_id: mySite, stext: 'sitehist', job_status_ids: ['BOOKED'] },
    });
    expect(found.json.engineerportal.data.map((r: { job_id: number }) => r.job_id)).toEqual([tagged]);

    const short = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitehistory', cookie: engineer, body: { js_id: mySite, stext: 'ab' } });
    expect(short.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    const noSite = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitehistory', cookie: engineer, body: {} });
    expect(noSite.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'js_id', primary: 'Field is required!' });
    const foreign = await call(t.app, { method: 'POST', url: '/api/engineerportal/jobsitehistory', cookie: engineer, body: { js_id: foreignSite } });
    expect(foreign.json.engineerportal.data).toEqual([]);
  });
});
