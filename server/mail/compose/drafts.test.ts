/** Drafts and sending against a real Dovecot and a real SMTP listener: every draft rule of SPEC.md point 4. */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailDb } from '../tables';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, login, useTestApp } from '../../test/helpers';
import { startTestSmtp } from '../../publicauth/testSmtp';
import { syncAccount } from '../sync/syncAccount';
import { withMailbox } from '../sync/testMailbox';
import { addOutgoingServer, composeBrand, type ComposeBrand } from './testFixture';
import { freePort } from '../../net/freePort';
import { upload } from '../../files/testKit';

const t = useTestApp({ filesRoot: path.join(os.tmpdir(), `compose-files-${randomUUID()}`) });
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let b: ComposeBrand;
let cookie: string;
let operator: number;

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startTestSmtp();
  b = await composeBrand(t.db, dovecot, smtp.port);
  operator = await b.usId('operator@demo.test');
  await b.link(operator, true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
});

beforeEach(async () => {
  await b.link(operator, true);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, c = cookie, host = b.host) =>
  call(t.app, { method, url: `/api/${url}`, host, cookie: c, body });
const create = async (body: Record<string, unknown> = {}) => {
  const res = await api('POST', 'maildrafts/create', body);
  expect(res.status, res.text).toBe(201);
  return res.json.maildrafts.data;
};
const to = (address: string) => [{ name: '', address }];

describe('mail drafts', () => {
  it('answers SPEC.md point 6 texts when the user has no account or may not send', async () => {
    await b.unlinkAll(operator);
    let res = await api('GET', 'mailaliases/list');
    expect(res.status).toBe(403);
    expect(res.json.mailaliases.dbErrors[0].primary).toBe('There is no mail account linked to your account.');
    await b.link(operator, false);
    res = await api('POST', 'maildrafts/create', {});
    expect(res.status).toBe(403);
    expect(res.json.maildrafts.dbErrors[0].primary).toBe("You don't have sending permissions on any linked email account.");
    await b.link(operator, true);
    res = await api('GET', 'mailaliases/list');
    expect(res.json.mailaliases.data).toEqual([expect.objectContaining({ mal_id: b.aliasId, mal_email: b.mailbox.user, mal_is_default: true })]);
  });

  it('skips an unchanged update, keeps the body when it is not sent, and refuses a stale version', async () => {
    const d = await create({ mdraft_subject: 'Quote', mdraft_html: '<p>Body one</p>', mdraft_to_arr: to('client@example.com') });
    expect(d).toMatchObject({ mdraft_version: 1, mdraft_locked: false, mal_id: b.aliasId, from: { address: b.mailbox.user } });

    let res = await api('PATCH', `maildrafts/${d.mdraft_id}`, {
      mdraft_version: 1,
      mdraft_subject: 'Quote',
      mdraft_html: '<p>Body one</p>',
      mdraft_to_arr: to('client@example.com'),
    });
    expect(res.json.maildrafts.data).toMatchObject({ skipped: true, draft: { mdraft_version: 1 } });

    res = await api('PATCH', `maildrafts/${d.mdraft_id}`, { mdraft_version: 1, mdraft_subject: 'Quote 2' });
    expect(res.json.maildrafts.data).toMatchObject({ skipped: false, draft: { mdraft_version: 2, mdraft_subject: 'Quote 2', mdraft_html: '<p>Body one</p>' } });

    // A second user (or tab) still holding version 1 is told, not silently overwritten.
    res = await api('PATCH', `maildrafts/${d.mdraft_id}`, { mdraft_version: 1, mdraft_html: '<p>Other</p>' });
    expect(res.status).toBe(409);
    expect(res.json.maildrafts.dbErrors[0]).toMatchObject({
      error: 'CONFLICT',
      primary: 'This draft is locked: it was changed by another user. Reload it to continue.',
    });
    res = await api('GET', `maildrafts/${d.mdraft_id}/details`);
    expect(res.json.maildrafts.data.mdraft_html).toBe('<p>Body one</p>');
  });

  it('sends over SMTP, appends the same message to Dovecot Sent, stores it once and deletes the draft', async () => {
    // Synced once, so the Sent folder and its UIDVALIDITY are known and the copy is placed at once.
    await syncAccount(mailDb(b.db), b.accountId);
    const d = await create({ mdraft_subject: 'Boiler visit', mdraft_html: '<p>See you <b>Monday</b></p>' });
    const before = smtp.messages.length;
    const res = await api('POST', `maildrafts/${d.mdraft_id}/updateAndSend`, {
      mdraft_version: 1,
      mdraft_to_arr: [{ name: 'Client', address: 'client@example.com' }],
      mdraft_bcc_arr: to('boss@example.com'),
    });
    expect(res.status, res.text).toBe(200);
    const sent = res.json.maildrafts.data;
    expect(sent).toMatchObject({ sent: true, sent_copy_error: null });
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.to.sort()).toEqual(['boss@example.com', 'client@example.com']);
    expect(received.raw).toContain('Subject: Boiler visit');
    expect(received.raw).toContain(sent.message_id);
    expect(received.raw).not.toMatch(/^Bcc:/im);

    const inSent = await withMailbox(dovecot, b.mailbox.user, b.mailbox.password, async (c) => {
      const lock = await c.getMailboxLock('Sent');
      try {
        return await c.fetchAll('1:*', { envelope: true, flags: true });
      } finally {
        lock.release();
      }
    });
    expect(inSent.map((m) => m.envelope?.messageId)).toContain(sent.message_id);
    expect([...(inSent.find((m) => m.envelope?.messageId === sent.message_id)?.flags ?? [])]).toContain('\\Seen');

    expect((await api('GET', `maildrafts/${d.mdraft_id}/details`)).status).toBe(404);
    const placed = () =>
      b.db
        .selectFrom('mail_locations as l')
        .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
        .select(['f.ifolder_path', 'l.uid'])
        .where('l.ma_id', '=', sent.ma_id)
        .execute();
    expect((await placed()).map((l) => l.ifolder_path)).toEqual(['Sent']);
    await syncAccount(mailDb(b.db), b.accountId);
    expect(await placed()).toHaveLength(1);
    const rows = await b.db.selectFrom('mails').select(['ma_id', 'is_seen']).where('message_id', '=', sent.message_id).execute();
    expect(rows).toEqual([{ ma_id: sent.ma_id, is_seen: true }]);
  });

  it('refuses to send without valid recipients, with SPEC.md point 5 texts, and keeps what was typed', async () => {
    const d = await create({});
    const send = (version: number, body: Record<string, unknown>) =>
      api('POST', `maildrafts/${d.mdraft_id}/updateAndSend`, { mdraft_version: version, ...body });
    let res = await send(1, { mdraft_subject: 'No one' });
    expect(res.status).toBe(400);
    expect(res.json.maildrafts.dbErrors[0]).toMatchObject({ primary: 'No address', details: 'mdraft_to_arr' });
    res = await send(2, { mdraft_to_arr: to('nobody') });
    expect(res.json.maildrafts.dbErrors[0].primary).toBe('There is no valid email address!');
    res = await send(3, { mdraft_to_arr: [...to('ok@example.com'), ...to('bad@')], mdraft_cc_arr: to('worse') });
    expect(res.json.maildrafts.dbErrors[0].primary).toBe('Invalid email(s): bad@, worse');
    const kept = (await api('GET', `maildrafts/${d.mdraft_id}/details`)).json.maildrafts.data;
    expect(kept).toMatchObject({ mdraft_subject: 'No one', mdraft_locked: false, mdraft_version: 4 });
  });

  it('locks a draft whose send failed; a locked draft is not saved until unlocked', async () => {
    const closed = await freePort();
    const other = await composeBrand(t.db, dovecot, closed);
    const op = await other.usId('operator@demo.test');
    await other.link(op, true);
    const c2 = await login(t.app, other.host, 'operator@demo.test');
    const made = await api('POST', 'maildrafts/create', { mdraft_to_arr: to('client@example.com') }, c2, other.host);
    const id = made.json.maildrafts.data.mdraft_id;
    let res = await api('POST', `maildrafts/${id}/updateAndSend`, { mdraft_version: 1, mdraft_subject: 'Will fail' }, c2, other.host);
    expect(res.status).toBe(409);
    expect(res.json.maildrafts.dbErrors[0].primary).toMatch(/^The mail could not be sent: .+\. The draft is locked; unlock it to edit and try again\.$/);
    const locked = (await api('GET', `maildrafts/${id}/details`, undefined, c2, other.host)).json.maildrafts.data;
    expect(locked).toMatchObject({ mdraft_locked: true, mdraft_subject: 'Will fail' });

    res = await api('PATCH', `maildrafts/${id}`, { mdraft_version: locked.mdraft_version, mdraft_subject: 'Changed' }, c2, other.host);
    expect(res.status).toBe(409);
    expect(res.json.maildrafts.dbErrors[0].primary).toBe('This draft is locked. Unlock it before editing.');

    res = await api('POST', `maildrafts/${id}/unlock`, undefined, c2, other.host);
    const unlocked = res.json.maildrafts.data;
    expect(unlocked.mdraft_locked).toBe(false);
    res = await api('PATCH', `maildrafts/${id}`, { mdraft_version: unlocked.mdraft_version, mdraft_subject: 'Changed' }, c2, other.host);
    expect(res.json.maildrafts.data).toMatchObject({ skipped: false, draft: { mdraft_subject: 'Changed' } });

    // Once the server is reachable again the same draft goes out.
    await addOutgoingServer(other.db, other.accountId, smtp.port);
    const before = smtp.messages.length;
    res = await api('POST', `maildrafts/${id}/updateAndSend`, { mdraft_version: res.json.maildrafts.data.draft.mdraft_version }, c2, other.host);
    expect(res.status, res.text).toBe(200);
    expect((await smtp.waitFor(before + 1)).length).toBe(before + 1);

    // Brand isolation: the first brand's session is unknown here, and ids are per brand, so the
    // same id in the first brand is never this brand's draft.
    const kept = await api('POST', 'maildrafts/create', { mdraft_subject: 'Isolated' }, c2, other.host);
    const keptId = kept.json.maildrafts.data.mdraft_id;
    expect((await api('GET', `maildrafts/${keptId}/details`, undefined, cookie, other.host)).status).toBe(401);
    const fromFirst = await api('GET', `maildrafts/${keptId}/details`);
    expect(fromFirst.status === 404 || fromFirst.json.maildrafts.data.mdraft_subject !== 'Isolated').toBe(true);
    const listed = (await api('GET', 'maildrafts/list')).json.maildrafts.data as { mdraft_subject: string }[];
    expect(listed.map((r) => r.mdraft_subject)).not.toContain('Isolated');
  });

  it('prefills a reply from the mail, and continues or replaces an existing reply draft', async () => {
    const maId = await b.addMail({
      subject: 'Leaking tap',
      from: { name: 'Ann Client', address: 'ann@client.example' },
      to: [
        { name: 'Office', address: b.mailbox.user },
        { name: 'Bob', address: 'bob@client.example' },
      ],
      cc: [{ name: 'Cid', address: 'cid@client.example' }],
      html: '<p>It drips</p><script>alert(1)</script>',
    });
    const reply = await create({ reply_ma_id: maId, mode: 'reply' });
    expect(reply).toMatchObject({
      reply_ma_id: maId,
      reply_mode: 'reply',
      mdraft_subject: 'Re: Leaking tap',
      mdraft_to_arr: [{ name: 'Ann Client', address: 'ann@client.example' }],
      mdraft_cc_arr: [],
    });
    expect(reply.mdraft_html).toContain('<blockquote><p>It drips</p></blockquote>');
    expect(reply.mdraft_html).not.toContain('script');

    let res = await api('POST', 'maildrafts/create', { reply_ma_id: maId, mode: 'replyAll' });
    expect(res.status).toBe(409);
    expect(res.json.maildrafts.dbErrors[0]).toMatchObject({
      primary: 'A draft for this mail already exists: continue it or replace it.',
      details: String(reply.mdraft_id),
    });
    res = await api('POST', 'maildrafts/filter', { reply_ma_id: maId });
    expect(res.json.maildrafts.data.map((r: { mdraft_id: number }) => r.mdraft_id)).toEqual([reply.mdraft_id]);

    const all = await create({ reply_ma_id: maId, mode: 'replyAll', replace_id: reply.mdraft_id });
    expect(all.mdraft_to_arr.map((a: { address: string }) => a.address)).toEqual(['ann@client.example', 'bob@client.example']);
    expect(all.mdraft_cc_arr.map((a: { address: string }) => a.address)).toEqual(['cid@client.example']);
    expect((await api('GET', `maildrafts/${reply.mdraft_id}/details`)).status).toBe(404);

    const fwd = await create({ reply_ma_id: maId, mode: 'forward', replace_id: all.mdraft_id });
    expect(fwd).toMatchObject({ mdraft_subject: 'Fwd: Leaking tap', mdraft_to_arr: [] });
    expect(fwd.mdraft_html).toContain('---------- Forwarded message ----------');

    res = await api('POST', 'maildrafts/deleteDrafts', { mdraft_ids: [fwd.mdraft_id] });
    expect(res.json.maildrafts.data).toEqual({ deleted: 1 });
  });

  it('refuses a From the user may not send on and input that is not an address list', async () => {
    const foreign = await b.db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Other', ma_email: 'other@test.example' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    const alias = await b.db
      .insertInto('mailaliases')
      .values({ mailaccount_id: foreign.mailaccount_id, mal_email: 'other@test.example' })
      .returning('mal_id')
      .executeTakeFirstOrThrow();
    let res = await api('POST', 'maildrafts/create', { mal_id: alias.mal_id });
    expect(res.status).toBe(400);
    expect(res.json.maildrafts.dbErrors[0]).toMatchObject({ primary: 'You cannot send from this address.', details: 'mal_id' });
    res = await api('POST', 'maildrafts/create', { mdraft_to_arr: 'x@y.example' });
    expect(res.json.maildrafts.dbErrors[0].details).toBe('mdraft_to_arr');
    res = await api('PATCH', 'maildrafts/999999', { mdraft_subject: 'x' });
    expect(res.json.maildrafts.dbErrors[0]).toMatchObject({ primary: 'Field is required!', details: 'mdraft_version' });
  });

  it('attaches files to a draft (not to a locked one) and sends them', async () => {
    const d = await create({ mdraft_subject: 'With file', mdraft_to_arr: to('client@example.com') });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    let res = await upload(t.app, {
      url: `/api/maildrafts/${d.mdraft_id}/attachments`,
      cookie,
      host: b.host,
      files: [
        { name: 'quote.pdf', data: pdf, type: 'application/pdf' },
        { name: 'extra.pdf', data: pdf, type: 'application/pdf' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const withFiles = res.json.maildrafts.data;
    expect(withFiles.attachments.map((f: { f_name: string }) => f.f_name)).toEqual(['quote.pdf', 'extra.pdf']);
    expect(withFiles.mdraft_version).toBe(2);
    res = await api('DELETE', `maildrafts/${d.mdraft_id}/attachments/${withFiles.attachments[1].file_id}`);
    expect(res.json.maildrafts.data.attachments).toHaveLength(1);

    const before = smtp.messages.length;
    res = await api('POST', `maildrafts/${d.mdraft_id}/updateAndSend`, { mdraft_version: res.json.maildrafts.data.mdraft_version });
    expect(res.status, res.text).toBe(200);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.raw).toMatch(/Content-Disposition: attachment; filename=quote\.pdf/);
    expect(received.raw).not.toContain('extra.pdf');
  });
});
