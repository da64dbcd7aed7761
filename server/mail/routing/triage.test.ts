/**
 * Triage (issue 30): the menu's count, filing several mails to a job at once, and rules learned from
 * people's filings, which are suggested and never applied by the router.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoutingSuggestion } from '../../../core/mail/routing/types';
import { uniqueName, useTestApp } from '../../test/helpers';
import { mailBrand, mailCalls } from '../client/testKit';
import { routeBatch } from './route';
import { routingDb } from './tables';

const t = useTestApp();
const as = mailCalls(t);
let b: Awaited<ReturnType<typeof mailBrand>>;
let api: Awaited<ReturnType<ReturnType<typeof mailCalls>>>;
let jobNumber: string;
const folders: Record<'inbox' | 'junk', number> = { inbox: 0, junk: 0 };
let uid = 100_000;

beforeAll(async () => {
  b = await mailBrand(t.db);
  api = await as(b.host);
  jobNumber = (await b.db.selectFrom('jobs').select('job_number').where('job_id', '=', b.jobId).executeTakeFirstOrThrow()).job_number!;
  // The demo mailbox's own folders (createDemoMail).
  for (const type of ['inbox', 'junk'] as const) {
    const row = await b.db
      .selectFrom('imapfolders')
      .select('ifolder_id')
      .where('mailaccount_id', '=', b.accountId)
      .where('ifolder_type', '=', type)
      .executeTakeFirstOrThrow();
    folders[type] = row.ifolder_id;
  }
}, 60_000);

/** The mail's place in a folder, as the sync records it. */
const locate = (maId: number, folder: keyof typeof folders) =>
  b.db
    .insertInto('mail_locations')
    .values({ ifolder_id: folders[folder], uid: (uid += 1), uidvalidity: 1, ma_id: maId, mail_date: new Date() })
    .execute();

/** A mail as the sync stores it in a folder, then through the router (a stranger without numbers: triage). */
async function arrive(o: { subject: string; from: string; folder?: keyof typeof folders }): Promise<number> {
  const mail = {
    message_id: `<${uniqueName('t')}@sender.example>`,
    in_reply_to: null,
    mail_references: [],
    mail_subject: o.subject,
    mail_from: { name: '', address: o.from },
    mail_to_arr: [{ name: '', address: 'office@demo.test' }],
    mail_cc_arr: [],
    mail_text: 'Hello',
  };
  const row = await b.db
    .insertInto('mails')
    .values({
      ...mail,
      mailaccount_id: b.accountId,
      mail_from: JSON.stringify(mail.mail_from),
      mail_to_arr: JSON.stringify(mail.mail_to_arr),
      mail_cc_arr: JSON.stringify(mail.mail_cc_arr),
      mail_date: new Date(),
    })
    .returning('ma_id')
    .executeTakeFirstOrThrow();
  const maId = Number(row.ma_id);
  await locate(maId, o.folder ?? 'inbox');
  await routeBatch(routingDb(b.db), b.accountId, [{ ma_id: maId, mail }]);
  return maId;
}

const count = async () => (await api('GET', 'mails/unrouted/count')).json.mails.data.count as number;
const suggestionsOf = async (maId: number) => {
  const res = await api('POST', 'mails/unrouted/filter', { limit: 100 });
  const row = (res.json.mails.data as { ma_id: number; suggestions: RoutingSuggestion[] }[]).find((r) => r.ma_id === maId);
  return row?.suggestions;
};

describe('triage', () => {
  it('counts the waiting mails, files several to a job at once as the user, and the count and change token move', async () => {
    const before = await count();
    const a = await arrive({ subject: 'Gutter photos', from: `${uniqueName('a')}@roofers.example` });
    const c = await arrive({ subject: 'Gutter measurements', from: `${uniqueName('c')}@roofers.example` });
    expect(await count()).toBe(before + 2);
    const token = (await api('GET', 'mails/changes')).json.mails.data.token as string;

    const filed = await api('POST', 'mails/unrouted/file', { ma_ids: [a, c], job_id: b.jobId });
    expect(filed.status, filed.text).toBe(200);
    expect(filed.json.mails.data).toEqual({ job_id: b.jobId, job_number: jobNumber, ma_ids: [a, c] });
    expect(await count()).toBe(before);
    for (const id of [a, c]) {
      const routing = (await api('GET', `mails/${id}/routing`)).json.mails.data;
      expect(routing).toMatchObject({ job_ids: [b.jobId], reason: 'manual', by: { name: expect.any(String) } });
    }
    // The live `mail` event's source: other users' counts and lists refresh.
    expect((await api('GET', 'mails/changes')).json.mails.data.token).not.toBe(token);
  });

  it('leaves out a mail that is only in the junk folder, and lists it once it is in the inbox too', async () => {
    const before = await count();
    const junk = await arrive({ subject: 'You have won', from: `${uniqueName('prize')}@spam.example`, folder: 'junk' });
    const listed = async () => ((await api('POST', 'mails/unrouted/filter', { limit: 100 })).json.mails.data as { ma_id: number }[]).map((r) => r.ma_id);
    expect(await listed()).not.toContain(junk);
    expect(await count()).toBe(before);
    await locate(junk, 'inbox');
    expect(await listed()).toContain(junk);
    expect(await count()).toBe(before + 1);
  });

  it('refuses the whole filing when one mail is unknown, an unknown job, and an empty list', async () => {
    const a = await arrive({ subject: 'Skylight quote', from: `${uniqueName('s')}@glass.example` });
    const missing = a + 1_000_000;
    const refused = await api('POST', 'mails/unrouted/file', { ma_ids: [a, missing], job_id: b.jobId });
    expect(refused.status).toBe(404);
    expect((await api('GET', `mails/${a}/routing`)).json.mails.data).toMatchObject({ job_ids: [], reason: 'unrouted' });

    const noJob = await api('POST', 'mails/unrouted/file', { ma_ids: [a], job_id: 2_000_000 });
    expect(noJob.status).toBe(400);
    expect(noJob.text).toContain('job_id');
    const empty = await api('POST', 'mails/unrouted/file', { ma_ids: [], job_id: b.jobId });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('ma_ids');
  });

  it("suggests the job a sender's or a topic's mail was filed to by hand, and never files by it", async () => {
    const sender = `${uniqueName('pm')}@agency.example`;
    const first = await arrive({ subject: 'Damp in flat 4, Elm Court', from: sender });
    const filed = await api('POST', 'mails/assignjob', { ma_id: first, job_id: b.jobId });
    expect(filed.status, filed.text).toBe(200);

    // The same sender again: still in triage (a learned rule is not applied), with the job suggested.
    const again = await arrive({ subject: 'Another question', from: sender });
    expect((await api('GET', `mails/${again}/routing`)).json.mails.data).toMatchObject({ job_ids: [], reason: 'unrouted' });
    expect(await suggestionsOf(again)).toEqual([{ job_id: b.jobId, job_number: jobNumber, score: 0.7, reason: 'learned_sender' }]);

    // Someone else answering on the same topic.
    const reply = await arrive({ subject: 'RE: Fwd: Damp in flat 4,  Elm Court', from: `${uniqueName('t')}@tenant.example` });
    expect(await suggestionsOf(reply)).toEqual([{ job_id: b.jobId, job_number: jobNumber, score: 0.8, reason: 'learned_subject' }]);

    // A stranger on another topic learns nothing.
    const stranger = await arrive({ subject: 'Newsletter for November', from: `${uniqueName('n')}@news.example` });
    expect(await suggestionsOf(stranger)).toEqual([]);
  });
});
