/** What may be deleted, marked as spam or moved to Trash or Junk (SPEC.md points 5 and 6), on the demo mailbox. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailListRow } from '../../../core/mail/client/types';
import { useTestApp } from '../../test/helpers';
import { attachmentDb } from '../sync/attachmentTables';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;
let trashId: number;
let junkId: number;
let archiveId: number;

const JOB_LINKED = 'Mails that belong to a job cannot be deleted or marked as spam.';
const RELATED = 'This mail cannot be deleted: its attachments are used by a job, a job site or a draft.';

beforeAll(async () => {
  a = await mailBrand(t.db);
  const trash = await a.db
    .insertInto('imapfolders')
    .values({ mailaccount_id: a.accountId, ifolder_path: 'Trash', ifolder_name: 'Trash', ifolder_type: 'trash', uidvalidity: 1 })
    .returning('ifolder_id')
    .executeTakeFirstOrThrow();
  trashId = trash.ifolder_id;
  const folders = await a.db.selectFrom('imapfolders').select(['ifolder_id', 'ifolder_path']).where('mailaccount_id', '=', a.accountId).execute();
  junkId = folders.find((f) => f.ifolder_path === 'Junk')!.ifolder_id;
  archiveId = folders.find((f) => f.ifolder_path === 'Archive')!.ifolder_id;
}, 60_000);

/** A mail of the demo box with stored attachments, not linked to a job, not deleted. */
async function mailWithFile(skip: number[] = []) {
  const row = await attachmentDb(a.db)
    .selectFrom('mail_attachments as at')
    .innerJoin('mails as m', 'm.ma_id', 'at.ma_id')
    .select(['m.ma_id', 'at.file_id'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_job_links as l').select('l.job_id').whereRef('l.ma_id', '=', 'm.ma_id'))))
    .where('m.is_deleted', '=', false)
    .where('at.file_id', 'is not', null)
    .where('m.ma_id', 'not in', skip.length ? skip : [0])
    .orderBy('m.ma_id')
    .executeTakeFirstOrThrow();
  return { maId: Number(row.ma_id), fileId: row.file_id! };
}

async function expectRefused(op: Awaited<ReturnType<typeof as>>, maId: number, primary: string) {
  for (const [method, url, body] of [
    ['PATCH', `mails/${maId}`, { is_deleted: true }],
    ['PATCH', 'mails', { _bulk: [{ ma_id: maId, is_deleted: true }] }],
    ['POST', 'mails/mailListFinalDelete', { mail_ids: [maId] }],
    ['POST', `mails/${maId}/move`, { ifolder_id: trashId }],
  ] as const) {
    const res = await op(method, url, body);
    expect(res.status, `${method} ${url}`).toBe(409);
    expect(res.json.mails.dbErrors[0].primary).toBe(primary);
  }
  expect(await a.db.selectFrom('mails').select('is_deleted').where('ma_id', '=', maId).executeTakeFirstOrThrow()).toEqual({ is_deleted: false });
}

describe('mail client: delete, spam and move rules', () => {
  it('refuses deleting a mail whose attachment was filed to a job, in every way, but lets it be marked as spam', async () => {
    const op = await as(a.host);
    const { maId, fileId } = await mailWithFile();
    await attachmentDb(a.db).insertInto('file_job_links').values({ file_id: fileId, job_id: a.jobId }).execute();
    await expectRefused(op, maId, RELATED);
    expect((await op('PATCH', `mails/${maId}`, { is_spam: true })).status).toBe(200);
    await attachmentDb(a.db).deleteFrom('file_job_links').where('file_id', '=', fileId).execute();
    expect((await op('PATCH', `mails/${maId}`, { is_deleted: true })).status).toBe(200);
  });

  it('refuses deleting a mail whose attachment a draft uses (a forward of it)', async () => {
    const op = await as(a.host);
    const { maId } = await mailWithFile();
    const draft = await op('POST', 'maildrafts/create', { reply_ma_id: maId, mode: 'forward' });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.json.maildrafts.data.attachments.length).toBeGreaterThan(0);
    await expectRefused(op, maId, RELATED);
  });

  it('moving into Junk or Trash follows the spam and delete rules; other folders do not', async () => {
    const op = await as(a.host);
    const rows = (await op('POST', 'mails/filter?limit=3', { stext: 'Riverside' })).json.mails.data as MailListRow[];
    const [linked, free] = rows;
    await a.db.insertInto('mail_job_links').values({ ma_id: linked.ma_id, job_id: a.jobId, mjl_reason: 'manual' }).execute();
    for (const folder of [junkId, trashId]) {
      const res = await op('POST', `mails/${linked.ma_id}/move`, { ifolder_id: folder });
      expect(res.status).toBe(409);
      expect(res.json.mails.dbErrors[0].primary).toBe(JOB_LINKED);
    }
    expect((await op('POST', `mails/${linked.ma_id}/move`, { ifolder_id: archiveId })).status).toBe(200);

    const operator = await a.db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
    await a.db.updateTable('mailaccount_users').set({ maxu_user_can_delete: false }).where('us_id', '=', operator.us_id).execute();
    try {
      const refused = await op('POST', `mails/${free.ma_id}/move`, { ifolder_id: trashId });
      expect(refused.status).toBe(403);
      expect(refused.json.mails.dbErrors[0].general).toBe('record');
      expect((await op('POST', `mails/${free.ma_id}/move`, { ifolder_id: junkId })).status).toBe(200);
    } finally {
      await a.db.updateTable('mailaccount_users').set({ maxu_user_can_delete: true }).where('us_id', '=', operator.us_id).execute();
    }
    expect((await op('POST', `mails/${free.ma_id}/move`, { ifolder_id: trashId })).status).toBe(200);
    const places = await a.db.selectFrom('mail_locations').select('ifolder_id').where('ma_id', '=', free.ma_id).execute();
    expect(places.map((p) => p.ifolder_id)).toEqual([trashId]);
  });
});
