/** GET mails/changes: the token moves when a sync changes the user's mail, and only then. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, uniqueName, useTestApp } from '../../test/helpers';
import { syncAccount } from '../sync/syncAccount';
import { createTestAccount, rawMail, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let dovecot: Dovecot;
let db: MailDb;
let host: string;

beforeAll(async () => {
  dovecot = await startDovecot();
  const brand = await createTestBrand(t.db);
  host = brand.host;
  db = mailDb(brandDb(t.db, brand.schema));
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

describe('mails/changes', () => {
  it('moves when a sync brings new mail, a flag change or a deletion, and stays put otherwise', async () => {
    const user = `${uniqueName('chg')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    const staff = await db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
    const op = await as(host);
    const empty = await op('GET', 'mails/changes');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json.mails.data).toEqual({ token: '0.0', changed: false });

    await db.insertInto('mailaccount_users').values({ mailaccount_id: accountId, us_id: staff.us_id }).execute();
    const linked = (await op('GET', `mails/changes?since=0.0`)).json.mails.data;
    expect(linked).toEqual({ token: '0.1', changed: true });

    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'New' })));
    await syncAccount(db, accountId);
    const afterMail = (await op('GET', `mails/changes?since=${linked.token}`)).json.mails.data;
    expect(afterMail.changed).toBe(true);
    expect(afterMail.token).not.toBe(linked.token);

    await syncAccount(db, accountId);
    expect((await op('GET', `mails/changes?since=${afterMail.token}`)).json.mails.data).toEqual({ token: afterMail.token, changed: false });

    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageFlagsAdd('1:*', ['\\Flagged']);
      lock.release();
    });
    await syncAccount(db, accountId);
    const afterFlag = (await op('GET', `mails/changes?since=${afterMail.token}`)).json.mails.data;
    expect(afterFlag.changed).toBe(true);

    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageDelete('1:*');
      lock.release();
    });
    await syncAccount(db, accountId);
    expect((await op('GET', `mails/changes?since=${afterFlag.token}`)).json.mails.data.changed).toBe(true);
  });
});
