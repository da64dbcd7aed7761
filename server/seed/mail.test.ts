import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandJobDb } from '../jobs/testKit';
import { mailDb } from '../mail/tables';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';
import { HOSTILE_CORPUS } from '../mail/client/hostileCorpus';
import { demoMails } from './mail';

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

  it('gives the demo brand an Office account for every staff user, with unread, flagged and job-linked mails', async () => {
    const db = mailDb(await brandJobDb(t.db));
    const account = await db.selectFrom('mailaccounts').selectAll().where('ma_email', '=', 'office@demo.test').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ ma_name: 'Office', mis_id: null, ma_enabled: true });
    const links = await db.selectFrom('mailaccount_users').selectAll().where('mailaccount_id', '=', account.mailaccount_id).execute();
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links.every((l) => l.maxu_user_can_send && l.maxu_user_can_delete)).toBe(true);
    const counts = await db
      .selectFrom('mails')
      .select([sql<number>`count(*) filter (where not is_seen)::int`.as('unread'), sql<number>`count(*) filter (where is_flagged)::int`.as('flagged'), sql<number>`count(*) filter (where job_id is not null)::int`.as('linked')])
      .where('mailaccount_id', '=', account.mailaccount_id)
      .executeTakeFirstOrThrow();
    expect(counts.unread).toBeGreaterThan(0);
    expect(counts.flagged).toBeGreaterThan(0);
    expect(counts.linked).toBeGreaterThan(0);
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const res = await call(t.app, { url: '/api/mails/accounts', cookie });
    expect(res.json.mails.data.map((x: { ma_email: string }) => x.ma_email)).toContain('office@demo.test');
  });
});
