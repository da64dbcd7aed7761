/** The sync engine against a real Dovecot: nothing lost, nothing doubled, changes both ways. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { mailDb, type MailDb } from '../tables';
import { pushFlags } from './pushFlags';
import { syncAccount } from './syncAccount';
import { createTestAccount, rawMail, withMailbox } from './testMailbox';

let root: RootDb;
let db: MailDb;
let dovecot: Dovecot;

beforeAll(async () => {
  root = testDb();
  const brand = await createTestBrand(root);
  db = mailDb(brandDb(root, brand.schema));
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  await root?.destroy();
});

async function newMailbox() {
  const user = `${uniqueName('box')}@test.example`;
  const id = await createTestAccount(db, dovecot, user, 'pw-1');
  const mailbox = <T>(fn: Parameters<typeof withMailbox<T>>[3]) => withMailbox(dovecot, user, 'pw-1', fn);
  return { id, user, mailbox };
}

// By date: a batch is written over two connections, so ids need not follow the server's order.
const mailsOf = (id: number) => db.selectFrom('mails').selectAll().where('mailaccount_id', '=', id).orderBy('mail_date').orderBy('ma_id').execute();
const locationsOf = (id: number) =>
  db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .select(['f.ifolder_path', 'l.uid', 'l.ma_id'])
    .where('f.mailaccount_id', '=', id)
    .orderBy('l.uid')
    .execute();

describe('mail sync against Dovecot', () => {
  it('stores new mail once, threads a reply, and a re-sync without changes fetches nothing', async () => {
    const box = await newMailbox();
    await box.mailbox(async (c) => {
      await c.append('INBOX', rawMail({ subject: 'Boiler quote', messageId: '<q1@client.example>', html: '<p>Hello <b>there</b></p>' }));
      await c.append('INBOX', rawMail({ subject: 'Re: Boiler quote', inReplyTo: '<q1@client.example>' }));
    });
    const first = await syncAccount(db, box.id);
    expect(first.error).toBeUndefined();
    expect(first.folders.INBOX).toMatchObject({ added: 2, skipped: false });
    const mails = await mailsOf(box.id);
    expect(mails.map((m) => m.mail_subject)).toEqual(['Boiler quote', 'Re: Boiler quote']);
    expect(mails[0].mail_html).toContain('<b>there</b>');
    expect(mails[1].thread_id).toBe(mails[0].thread_id);
    expect(mails[0].mail_from).toEqual({ name: 'Client', address: 'client@example.com' });

    const again = await syncAccount(db, box.id);
    expect(again.folders.INBOX).toMatchObject({ added: 0, skipped: true });
    expect(await mailsOf(box.id)).toHaveLength(2);
  });

  it('carries flag changes both ways and never takes \\Seen to mean "not new"', async () => {
    const box = await newMailbox();
    await box.mailbox(async (c) => {
      await c.append('INBOX', rawMail({ subject: 'Already read elsewhere' }), ['\\Seen']);
    });
    await syncAccount(db, box.id);
    const [mail] = await mailsOf(box.id);
    expect(mail).toMatchObject({ mail_subject: 'Already read elsewhere', is_seen: true, is_flagged: false });

    await box.mailbox(async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageFlagsAdd('1:*', ['\\Flagged']);
      await c.messageFlagsRemove('1:*', ['\\Seen']);
      lock.release();
    });
    await syncAccount(db, box.id);
    expect((await mailsOf(box.id))[0]).toMatchObject({ is_seen: false, is_flagged: true });

    await pushFlags(db, mail.ma_id, { is_seen: true, is_flagged: false, is_ready: true });
    const onServer = await box.mailbox(async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      const [m] = await c.fetchAll('1:*', { flags: true });
      lock.release();
      return m.flags;
    });
    expect([...(onServer ?? [])].sort()).toEqual(['$Ready', '\\Seen']);
    await syncAccount(db, box.id);
    expect((await mailsOf(box.id))[0]).toMatchObject({ is_seen: true, is_flagged: false, is_ready: true });
  });

  it('a mail deleted on the server disappears here; a mail moved keeps its record', async () => {
    const box = await newMailbox();
    await box.mailbox(async (c) => {
      await c.mailboxCreate('Archive');
      await c.append('INBOX', rawMail({ subject: 'Will be deleted' }));
      await c.append('INBOX', rawMail({ subject: 'Will be moved' }));
    });
    await syncAccount(db, box.id);
    const before = await mailsOf(box.id);
    const moved = before.find((m) => m.mail_subject === 'Will be moved')!;

    await box.mailbox(async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageDelete('1');
      await c.messageMove('1:*', 'Archive');
      lock.release();
    });
    await syncAccount(db, box.id);
    const after = await mailsOf(box.id);
    expect(after.map((m) => m.mail_subject)).toEqual(['Will be moved']);
    expect(after[0].ma_id).toBe(moved.ma_id);
    expect((await locationsOf(box.id)).map((l) => l.ifolder_path)).toEqual(['Archive']);
  });

  it('a UIDVALIDITY change re-syncs the folder without doubling', async () => {
    const box = await newMailbox();
    const raws = [rawMail({ subject: 'One', messageId: '<one@x>' }), rawMail({ subject: 'Two', messageId: '<two@x>' })];
    await box.mailbox(async (c) => {
      await c.mailboxCreate('Jobs');
      for (const r of raws) await c.append('Jobs', r);
    });
    await syncAccount(db, box.id);
    const folderBefore = await db
      .selectFrom('imapfolders')
      .selectAll()
      .where('mailaccount_id', '=', box.id)
      .where('ifolder_path', '=', 'Jobs')
      .executeTakeFirstOrThrow();

    // Deleting and recreating a folder gives it a new UIDVALIDITY, as a server restore would.
    await box.mailbox(async (c) => {
      await c.mailboxDelete('Jobs');
      await c.mailboxCreate('Jobs');
      for (const r of [...raws].reverse()) await c.append('Jobs', r);
      await c.append('Jobs', rawMail({ subject: 'Three', messageId: '<three@x>' }));
    });
    await syncAccount(db, box.id);
    const folderAfter = await db.selectFrom('imapfolders').selectAll().where('ifolder_id', '=', folderBefore.ifolder_id).executeTakeFirstOrThrow();
    expect(folderAfter.uidvalidity).not.toBe(folderBefore.uidvalidity);
    expect((await mailsOf(box.id)).map((m) => m.mail_subject).sort()).toEqual(['One', 'Three', 'Two']);
    expect(await locationsOf(box.id)).toHaveLength(3);
  });

  it('a first sync stopped midway continues where it stopped: nothing lost, nothing doubled', async () => {
    const box = await newMailbox();
    await box.mailbox(async (c) => {
      for (let i = 0; i < 45; i += 1) await c.append('INBOX', rawMail({ subject: `Bulk ${i}` }));
    });
    let batches = 0;
    const stopped = await syncAccount(db, box.id, {
      batchSize: 10,
      onBatch: () => {
        batches += 1;
        if (batches === 2) throw new Error('worker stopped');
      },
    });
    expect(stopped.folders.INBOX).toEqual({ error: 'worker stopped' });
    expect(await mailsOf(box.id)).toHaveLength(20);

    // The rest in one batch large enough for the parse worker (parseBatch.ts).
    const resumed = await syncAccount(db, box.id, { batchSize: 25 });
    expect(resumed.folders.INBOX).toMatchObject({ added: 25 });
    const mails = await mailsOf(box.id);
    expect(mails).toHaveLength(45);
    expect(new Set(mails.map((m) => m.mail_subject)).size).toBe(45);
    expect(await locationsOf(box.id)).toHaveLength(45);
  });

  it('a failing account is recorded and does not stop another account', async () => {
    const good = await newMailbox();
    await good.mailbox((c) => c.append('INBOX', rawMail({ subject: 'Works' })));
    const badUser = `${uniqueName('bad')}@test.example`;
    const bad = await createTestAccount(db, dovecot, badUser, 'wrong', false);

    const [badResult, goodResult] = await Promise.all([syncAccount(db, bad), syncAccount(db, good.id)]);
    expect(badResult.error).toBeTruthy();
    expect(goodResult.folders.INBOX).toMatchObject({ added: 1 });
    const badRow = await db.selectFrom('mailaccounts').selectAll().where('mailaccount_id', '=', bad).executeTakeFirstOrThrow();
    expect(badRow).toMatchObject({ sync_status: 'error' });
    expect(badRow.sync_error).toBeTruthy();
  });

  it('one sync of an account at a time: a second caller backs off while the first runs', async () => {
    const box = await newMailbox();
    await box.mailbox((c) => c.append('INBOX', rawMail({ subject: 'Once' })));
    const [a, b] = await Promise.all([syncAccount(db, box.id), syncAccount(db, box.id)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(await mailsOf(box.id)).toHaveLength(1);
  });
});
