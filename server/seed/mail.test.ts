import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandJobDb } from '../jobs/testKit';
import { mailDb } from '../mail/tables';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';
import { HOSTILE_CORPUS } from '../mail/client/hostileCorpus';
import { dateGrouper } from '../../core/mail/client/dateGroups';
import { DEMO_TIME_ZONE } from './demoCalendar';
import { demoMails } from './mail';
import { MAILS_WITH_ATTACHMENTS, attachmentsFor, simplePdf, simplePng } from './mailAttachments';
import { attachmentDb } from '../mail/sync/attachmentTables';
import { routingDb } from '../mail/routing/tables';

const t = useTestApp();

describe('demo mailbox', () => {
  it('is the same on every run: threads, languages, HTML and plain text, one hostile body, the hostile corpus in Junk', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const a = demoMails(now);
    expect(demoMails(now)).toEqual(a);
    expect(a.length).toBeGreaterThan(250);
    expect(a.some((m) => m.in_reply_to !== null)).toBe(true);
    expect(a.some((m) => m.mail_html !== null) && a.some((m) => m.mail_html === null)).toBe(true);
    expect(a.some((m) => /Csőtörés/.test(m.mail_subject)) && a.some((m) => /Lüftung/.test(m.mail_subject))).toBe(true);
    expect(a.filter((m) => m.folder !== 'Junk' && m.mail_html?.includes('<script>'))).toHaveLength(1);
    expect(a.filter((m) => m.folder === 'Junk')).toHaveLength(HOSTILE_CORPUS.length);
    expect(a.every((m) => m.mail_date.getTime() <= now.getTime())).toBe(true);
  });

  it('has inbox mail today, yesterday, earlier this week and last week in the demo time zone, whatever the hour of seeding', () => {
    // Just after midnight and just before it, in winter and summer time, on a Monday, a Wednesday and a Sunday.
    const instants = [
      '2026-11-27T00:00:30Z',
      '2026-11-25T00:03:00Z',
      '2026-11-29T23:59:00Z',
      '2026-11-23T00:01:00Z',
      '2026-07-14T23:05:00Z',
      '2026-07-15T00:02:00Z',
      '2026-03-29T00:30:00Z',
    ];
    for (const at of instants) {
      const now = new Date(at);
      const group = dateGrouper(now, DEMO_TIME_ZONE);
      const inbox = demoMails(now).filter((m) => m.folder === 'INBOX');
      const groups = new Set(inbox.map((m) => group(m.mail_date)));
      // Monday has no day of this week before yesterday; from Wednesday on there is one.
      const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: DEMO_TIME_ZONE, weekday: 'short' }).format(now);
      const expected = ['today', 'yesterday', 'lastWeek', ...(['Mon', 'Tue'].includes(weekday) ? [] : ['thisWeek'])];
      expect([at, [...groups].filter((g) => expected.includes(g)).sort()]).toEqual([at, expected.sort()]);
      expect(inbox.every((m) => m.mail_date.getTime() <= now.getTime())).toBe(true);
    }
  });

  it('gives the demo brand an Office account for every staff user, with unread, flagged and job-linked mails', async () => {
    const db = mailDb(await brandJobDb(t.db));
    const account = await db.selectFrom('mailaccounts').selectAll().where('ma_email', '=', 'office@demo.test').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ ma_name: 'Office', mis_id: null, ma_enabled: true });
    const links = await db.selectFrom('mailaccount_users').selectAll().where('mailaccount_id', '=', account.mailaccount_id).execute();
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links.every((l) => l.maxu_user_can_send && l.maxu_user_can_delete)).toBe(true);
    const counts = await db
      .selectFrom('mails')
      .select([sql<number>`count(*) filter (where not is_seen)::int`.as('unread'), sql<number>`count(*) filter (where is_flagged)::int`.as('flagged')])
      .where('mailaccount_id', '=', account.mailaccount_id)
      .executeTakeFirstOrThrow();
    expect(counts.unread).toBeGreaterThan(0);
    expect(counts.flagged).toBeGreaterThan(0);
    const linked = await db
      .selectFrom('mail_job_links as l')
      .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('m.mailaccount_id', '=', account.mailaccount_id)
      .executeTakeFirstOrThrow();
    expect(linked.n).toBeGreaterThan(0);
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const res = await call(t.app, { url: '/api/mails/accounts', cookie });
    expect(res.json.mails.data.map((x: { ma_email: string }) => x.ma_email)).toContain('office@demo.test');
  });

  it('files every demo mail through the router: by subject, reply address and reply headers, with a short triage list', async () => {
    const db = routingDb(await brandJobDb(t.db));
    // The seeded mails only: other test files may add mail to the demo brand.
    const SEEDED = '<seed-%@demo.test>';
    const reasons = await db
      .selectFrom('mail_routing as r')
      .innerJoin('mails as m', 'm.ma_id', 'r.ma_id')
      .where('m.message_id', 'like', SEEDED)
      .select(['r.mr_reason', sql<number>`count(*)::int`.as('n')])
      .groupBy('r.mr_reason')
      .execute();
    const byReason = Object.fromEntries(reasons.map((r) => [r.mr_reason, r.n]));
    expect(byReason).toMatchObject({ plus_address: 1, reply: expect.any(Number), outgoing: expect.any(Number) });
    // Every demo mail met the router, the older threads by the job number in their subject.
    const decided = Object.values(byReason).reduce((a, b) => a + b, 0);
    const all = await db
      .selectFrom('mails')
      .where('message_id', 'like', SEEDED)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(decided).toBe(all.n);
    expect(byReason.subject_number).toBeGreaterThan(100);
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const triage = await call(t.app, { method: 'POST', url: '/api/mails/unrouted/filter', cookie, body: { limit: 100 } });
    const rows = triage.json.mails.data as { mail_subject: string; suggestions: { reason: string }[] }[];
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.length).toBeLessThan(20);
    expect(rows.filter((r) => r.suggestions.some((s) => s.reason === 'body_number'))).toHaveLength(2);
  });

  it('gives about thirty demo mails one or two stored attachments that list and download', async () => {
    const db = attachmentDb(mailDb(await brandJobDb(t.db)));
    const withFiles = await db
      .selectFrom('mails as m')
      .innerJoin('mail_attachments as a', 'a.ma_id', 'm.ma_id')
      .innerJoin('files as f', 'f.file_id', 'a.file_id')
      .select(['m.ma_id', 'm.has_attachments', 'f.f_grp_id', 'f.f_type', 'a.mat_name'])
      .execute();
    const mails = new Set(withFiles.map((r) => Number(r.ma_id)));
    expect(mails.size).toBe(MAILS_WITH_ATTACHMENTS);
    expect(withFiles.length).toBeGreaterThan(mails.size);
    expect(withFiles.every((r) => r.has_attachments && r.f_grp_id === 'EMAILATTACHMENTS')).toBe(true);
    expect([...new Set(withFiles.map((r) => r.f_type))].sort()).toEqual(['application/pdf', 'image/png', 'text/csv']);
    const flagged = await db
      .selectFrom('mails')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('has_attachments', '=', true)
      .executeTakeFirstOrThrow();
    expect(flagged.n).toBe(MAILS_WITH_ATTACHMENTS);

    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const pdfMail = withFiles.find((r) => r.f_type === 'application/pdf')!;
    const list = await call(t.app, { url: `/api/mails/${pdfMail.ma_id}/attachments`, cookie });
    expect(list.status, list.text).toBe(200);
    const first = list.json.mails.data[0] as { index: number; filename: string };
    expect(first.filename).toMatch(/\.pdf$/);
    const file = await call(t.app, { url: `/api/mails/${pdfMail.ma_id}/attachments/${first.index}`, cookie });
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);
    expect(file.text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('makes real files: a PDF with a valid cross-reference table and a PNG with valid chunks', () => {
    const pdf = simplePdf(['Quote Q1', 'Re: (brackets)']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o, o + 7)).toBe(`${i + 1} 0 obj`));
    expect(pdf).toContain('(Re: \\(brackets\\)) Tj');
    const png = simplePng(3);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(160);
    expect(attachmentsFor(0, 'Leak').map((a) => a.name)).toEqual(['Quote-Q2041.pdf', 'photo-1.png']);
  });
});
