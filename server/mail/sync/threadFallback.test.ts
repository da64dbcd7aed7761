/** Conversations of replies whose client dropped the reply headers, against a real Dovecot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { mailDb, type MailDb } from '../tables';
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

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe('threads without reply headers', () => {
  it('puts a header-less reply in the conversation of its subject and participants, and nothing else', async () => {
    const user = `${uniqueName('box')}@test.example`;
    const id = await createTestAccount(db, dovecot, user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', (c) =>
      c.append(
        'INBOX',
        rawMail({ subject: 'Leak at flat 3', from: 'Tenant <tenant@flat.example>', to: user, messageId: '<leak@flat.example>', date: daysAgo(3) }),
      ),
    );
    await syncAccount(db, id);
    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      // Outlook-style: no In-Reply-To or References, a translated prefix, sent to the plus-address.
      await c.append('INBOX', rawMail({ subject: 'AW: Leak at flat 3', from: 'tenant@flat.example', to: user.replace('@', '+plb-000012@'), date: daysAgo(2) }));
      await c.append('INBOX', rawMail({ subject: 'Re: Leak at flat 3', from: 'neighbour@flat.example', to: user, date: daysAgo(2) }));
      await c.append('INBOX', rawMail({ subject: 'Leak at flat 3', from: 'tenant@flat.example', to: user, date: daysAgo(1) }));
      // With its headers, in the same batch as a header-less reply to it.
      await c.append('INBOX', rawMail({ subject: 'Boiler', from: 'tenant@flat.example', to: user, messageId: '<boiler@flat.example>', date: daysAgo(1) }));
      await c.append('INBOX', rawMail({ subject: 'RE: Boiler', from: user, to: 'tenant@flat.example', date: daysAgo(0) }));
    });
    expect((await syncAccount(db, id)).error).toBeUndefined();
    const rows = await db
      .selectFrom('mails')
      .select(['ma_id', 'mail_subject', 'mail_from', 'thread_id'])
      .where('mailaccount_id', '=', id)
      .orderBy('mail_date')
      .execute();
    const thread = (subject: string, from: string) => rows.find((r) => r.mail_subject === subject && r.mail_from?.address === from)!.thread_id;
    const all = rows.filter((r) => r.mail_subject === 'Leak at flat 3');
    expect(all).toHaveLength(2);
    expect(thread('AW: Leak at flat 3', 'tenant@flat.example')).toBe(all[0].thread_id);
    // Another person's "Re:" and a new mail without a reply prefix start conversations of their own.
    expect(thread('Re: Leak at flat 3', 'neighbour@flat.example')).not.toBe(all[0].thread_id);
    expect(all[1].thread_id).not.toBe(all[0].thread_id);
    expect(thread('RE: Boiler', user)).toBe(thread('Boiler', 'tenant@flat.example'));
  });
});
