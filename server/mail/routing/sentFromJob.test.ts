/**
 * A job's outgoing mail asks for answers at the job's plus-address, and the answer finds the job
 * through it even when the client dropped the reply headers (issue 30), against a real Dovecot and
 * a real SMTP listener.
 */
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailRouting } from '../../../core/mail/routing/types';
import { startTestSmtp } from '../../publicauth/testSmtp';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, login, useTestApp } from '../../test/helpers';
import { composeBrand, type ComposeBrand } from '../compose/testFixture';
import { syncAccount } from '../sync/syncAccount';
import { withMailbox } from '../sync/testMailbox';
import { mailJobs } from '../client/jobLinks';
import { mailDb } from '../tables';

const t = useTestApp();
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let b: ComposeBrand;
let cookie: string;

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startTestSmtp();
  b = await composeBrand(t.db, dovecot, smtp.port);
  await b.link(await b.usId('operator@demo.test'), true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
});

const api = (method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, host: b.host, cookie, body });

function incoming(o: { subject: string; id: string; to: string }): string {
  return [
    'From: Tenant <tenant@flat.example>',
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id}`,
    'Date: Mon, 02 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See you then.',
    '',
  ].join('\r\n');
}

async function sync(raw: string) {
  await withMailbox(dovecot, b.mailbox.user, b.mailbox.password, (c) => c.append('INBOX', raw));
  expect((await syncAccount(mailDb(b.db), b.accountId)).error).toBeUndefined();
}

const routing = async (maId: number) => (await api('GET', `mails/${maId}/routing`)).json.mails.data as MailRouting;

describe("a job's outgoing mail", () => {
  it("goes out with the job's plus-address as Reply-To, is filed as sent from the job, and an answer without reply headers comes back to the job", async () => {
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(b.schema, 'departments')} (de_name, de_prefix) values ('Plumbing', 'PLB') returning de_id`.execute(b.db);
    const job = await b.db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'PLB-000012' }).returning('job_id').executeTakeFirstOrThrow();
    await sync(incoming({ subject: 'Leak under the sink PLB-000012', id: '<leak@flat.example>', to: b.mailbox.user }));
    const first = await b.db.selectFrom('mails').select('ma_id').where('message_id', '=', '<leak@flat.example>').executeTakeFirstOrThrow();
    expect((await mailJobs(mailDb(b.db), first.ma_id)).map((j) => j.job_id)).toEqual([job.job_id]);

    const draft = await api('POST', 'maildrafts/create', { reply_ma_id: first.ma_id, mode: 'reply' });
    expect(draft.status, draft.text).toBe(201);
    const made = draft.json.maildrafts.data as { mdraft_id: number; mdraft_version: number };
    const before = smtp.messages.length;
    const sent = await api('POST', `maildrafts/${made.mdraft_id}/updateAndSend`, { mdraft_version: made.mdraft_version });
    expect(sent.status, sent.text).toBe(200);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const parsed = await simpleParser(received.raw);
    const plus = b.mailbox.user.replace('@', '+plb-000012@');
    expect(parsed.replyTo?.value[0].address).toBe(plus);
    const ours = sent.json.maildrafts.data as { ma_id: number };
    expect(await routing(ours.ma_id)).toMatchObject({ job_ids: [job.job_id], reason: 'sent_from_job', reason_text: 'sent from PLB-000012', by: 'router' });

    // The tenant's client answers to the Reply-To but drops In-Reply-To and References, and the subject's number.
    await sync(incoming({ subject: 'Re: your visit', id: '<answer@flat.example>', to: plus }));
    const answer = await b.db.selectFrom('mails').select('ma_id').where('message_id', '=', '<answer@flat.example>').executeTakeFirstOrThrow();
    expect(await routing(answer.ma_id)).toMatchObject({
      job_ids: [job.job_id],
      reason: 'plus_address',
      reason_text: `sent to PLB-000012's reply address ${plus}`,
    });
  });
});
