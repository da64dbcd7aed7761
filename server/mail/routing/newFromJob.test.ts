/**
 * A new mail started from a job (issue 30): the draft keeps the job through saving, and the sent
 * mail carries the job's plus-address as Reply-To and is filed to the job, against a real SMTP listener.
 */
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailRouting } from '../../../core/mail/routing/types';
import { startTestSmtp } from '../../publicauth/testSmtp';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, login, useTestApp } from '../../test/helpers';
import { composeBrand, type ComposeBrand } from '../compose/testFixture';

const t = useTestApp();
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let b: ComposeBrand;
let cookie: string;
let jobId: number;

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startTestSmtp();
  b = await composeBrand(t.db, dovecot, smtp.port);
  await b.link(await b.usId('operator@demo.test'), true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
  const de = await sql<{
    de_id: number;
  }>`insert into ${sql.id(b.schema, 'departments')} (de_name, de_prefix) values ('Heating', 'HTG') returning de_id`.execute(b.db);
  jobId = (await b.db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'HTG-000031' }).returning('job_id').executeTakeFirstOrThrow()).job_id;
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, host: b.host, cookie, body });

describe('a new mail started from a job', () => {
  it("keeps the job through saving and goes out with the job's plus-address as Reply-To, filed to the job", async () => {
    const created = await api('POST', 'maildrafts/create', { job_id: jobId });
    expect(created.status, created.text).toBe(201);
    const draft = created.json.maildrafts.data as { mdraft_id: number; mdraft_version: number; job_id: number | null };
    expect(draft.job_id).toBe(jobId);

    const saved = await api('PATCH', `maildrafts/${draft.mdraft_id}`, {
      mdraft_version: draft.mdraft_version,
      mdraft_to_arr: [{ name: 'Tenant', address: 'tenant@flat.example' }],
      mdraft_subject: 'Your boiler service',
    });
    expect(saved.status, saved.text).toBe(200);
    const after = saved.json.maildrafts.data.draft as { mdraft_version: number; job_id: number | null };
    expect(after.job_id).toBe(jobId);

    const before = smtp.messages.length;
    const sent = await api('POST', `maildrafts/${draft.mdraft_id}/updateAndSend`, { mdraft_version: after.mdraft_version });
    expect(sent.status, sent.text).toBe(200);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const parsed = await simpleParser(received.raw);
    expect(parsed.replyTo?.value[0].address).toBe(b.mailbox.user.replace('@', '+htg-000031@'));
    expect(parsed.inReplyTo).toBeUndefined();
    const { ma_id } = sent.json.maildrafts.data as { ma_id: number };
    const routing = (await api('GET', `mails/${ma_id}/routing`)).json.mails.data as MailRouting;
    expect(routing).toMatchObject({ job_ids: [jobId], reason: 'sent_from_job', by: 'router' });
  });

  it('refuses an unknown job, and a job together with a mail to answer', async () => {
    const unknown = await api('POST', 'maildrafts/create', { job_id: 2_000_000 });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('job_id');
    const both = await api('POST', 'maildrafts/create', { job_id: jobId, reply_ma_id: 1, mode: 'reply' });
    expect(both.status).toBe(400);
    expect(both.text).toContain('job_id');
  });

  it('sends a draft without a job as before: no Reply-To', async () => {
    const created = await api('POST', 'maildrafts/create', { mdraft_to_arr: [{ name: '', address: 'someone@else.example' }], mdraft_subject: 'Hello' });
    expect(created.status, created.text).toBe(201);
    const draft = created.json.maildrafts.data as { mdraft_id: number; mdraft_version: number; job_id: number | null };
    expect(draft.job_id).toBeNull();
    const before = smtp.messages.length;
    const sent = await api('POST', `maildrafts/${draft.mdraft_id}/updateAndSend`, { mdraft_version: draft.mdraft_version });
    expect(sent.status, sent.text).toBe(200);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect((await simpleParser(received.raw)).replyTo).toBeUndefined();
  });
});
