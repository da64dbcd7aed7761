/**
 * The mail routes' declared body schemas answer as their handlers did: the same message on the
 * same field, nulls and the admin screens' lenient values (digit strings, 0/1) still accepted,
 * and a collecting parser's answer still lists every missing field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { composeBrand, type ComposeBrand } from './compose/testFixture';

const t = useTestApp();
let b: ComposeBrand;
let operator: string;

beforeAll(async () => {
  b = await composeBrand(t.db, null, 1);
  await b.link(await b.usId('operator@demo.test'), true);
  operator = await login(t.app, b.host, 'operator@demo.test');
});

type Answer = Awaited<ReturnType<typeof call>>;
const errors = (res: Answer, key: string) =>
  (res.json[key] as { dbErrors: { primary: string; details: string | null }[] }).dbErrors.map((e) => [e.details, e.primary]);
const op = (method: 'POST' | 'PATCH', url: string, body: unknown) => call(t.app, { method, url: `/api/${url}`, host: b.host, cookie: operator, body });

describe('mail client and compose bodies', () => {
  it('name a bad list or entry as the handlers did', async () => {
    expect(errors(await op('POST', 'mailtags/ofmails', { ma_ids: [] }), 'mailtags')).toEqual([['ma_ids', 'Field is required!']]);
    expect(errors(await op('POST', 'mailtags/ofmails', { ma_ids: [1, 0] }), 'mailtags')).toEqual([['ma_ids', 'Invalid value']]);
    expect(errors(await op('PATCH', 'mails', { _bulk: [{ ma_id: 1, is_seen: 'yes' }] }), 'mails')).toEqual([['is_seen', 'Invalid value']]);
    expect(errors(await op('PATCH', 'mails', { _bulk: ['x'] }), 'mails')).toEqual([['body', 'Invalid value']]);
    const before = await op('POST', 'mails/filter', { before: { mail_date: '2026-01-01', ma_id: 1 } });
    expect(errors(before, 'mails')).toEqual([['before', 'Invalid value']]);
    expect(errors(await op('POST', 'maildrafts/create', { mdraft_to_arr: [{ name: 'No address' }] }), 'maildrafts')).toEqual([
      ['mdraft_to_arr', 'Invalid value'],
    ]);
    expect(errors(await op('PATCH', 'maildrafts/1', { mdraft_version: 0 }), 'maildrafts')).toEqual([['mdraft_version', 'Invalid number']]);
  });

  it('still let a null through where the handler takes it: job_id null unlinks', async () => {
    // The schema passes it; the handler then finds no such mail of the user's.
    expect((await op('POST', 'mails/assignjob', { ma_id: 2147483000, job_id: null })).status).toBe(404);
    expect(errors(await op('POST', 'mails/assignjob', { ma_id: 2147483000 }), 'mails')).toEqual([['job_id', 'Invalid value']]);
  });

  it('list every missing field of a signature, with the content’s own message', async () => {
    expect(errors(await op('POST', 'mailsignatures/create', {}), 'mailsignatures')).toEqual([
      ['ms_name', 'Field is required!'],
      ['ms_signature', 'Signature content is required!'],
      ['mailaccount_id', 'Field is required!'],
    ]);
  });
});

describe('mail admin bodies', () => {
  it('take the admin screens’ lenient values and refuse the rest with the parsers’ messages', async () => {
    const brand = await createTestBrand(t.db);
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const req = (method: 'POST' | 'PATCH', url: string, body: unknown) => call(t.app, { method, url: `/api/${url}`, host: brand.host, cookie: admin, body });
    const created = await req('POST', 'mailaccounts/create', { ma_name: 'Office', ma_email: 'office@example.com', ma_enabled: 1, sync_status: 'ignored' });
    expect(created.status).toBe(201);
    const id = (created.json.mailaccounts.data as { mailaccount_id: number }).mailaccount_id;
    expect((await req('POST', 'imapfolders/filter', { mailaccount_id: String(id) })).status).toBe(200);
    expect(errors(await req('POST', `mailaccounts/${id}/setCanSend`, { us_id: 'x', value: 'y' }), 'mailaccounts')).toEqual([
      ['us_id', 'Invalid number'],
      ['value', 'Invalid value'],
    ]);
    const bad = await req('POST', `mailaccounts/${id}/updatealiaslist`, { _bulk: [{ mal_email: 'nope' }, { mal_name: 'No address' }] });
    expect(errors(bad, 'mailaccounts')).toEqual([
      ['_bulk.0.mal_email', 'Invalid email'],
      ['_bulk.1.mal_email', 'Field is required!'],
    ]);
  });
});
