/** Test helpers for the compose area: a brand with a mail account on the test Dovecot, sending through a test SMTP listener. */
import { sql } from 'kysely';
import { brandDb, type RootDb } from '../../db/types';
import type { Dovecot } from '../../test/dovecot';
import { createTestBrand, uniqueName } from '../../test/helpers';
import { encryptSecret } from '../secrets';
import { mailDb } from '../tables';
import { createTestAccount } from '../sync/testMailbox';
import { composeDb, type ComposeDb } from './tables';

export interface ComposeBrand {
  host: string;
  schema: string;
  db: ComposeDb;
  accountId: number;
  aliasId: number;
  mailbox: { user: string; password: string };
  usId(email: string): Promise<number>;
  link(usId: number, canSend: boolean, accountId?: number): Promise<void>;
  unlinkAll(usId: number): Promise<void>;
  addMail(values: {
    subject: string;
    from: { name: string; address: string };
    to?: { name: string; address: string }[];
    cc?: { name: string; address: string }[];
    html?: string;
  }): Promise<number>;
}

/** An outgoing server row pointing at the SMTP listener (or at a closed port to make sending fail). */
export async function addOutgoingServer(db: ComposeDb, accountId: number, port: number): Promise<void> {
  const server = await db
    .insertInto('mailservers')
    .values({
      mailserver_name: uniqueName('smtp'),
      mailserver_host: '127.0.0.1',
      mailserver_port: port,
      mailserver_secure: false,
      mailserver_user: null,
      mailserver_pass: encryptSecret('unused'),
      mailserver_from: 'office@test.example',
    })
    .returning('mailserver_id')
    .executeTakeFirstOrThrow();
  await db.updateTable('mailaccounts').set({ mailserver_id: server.mailserver_id }).where('mailaccount_id', '=', accountId).execute();
}

/** With `dovecot` null the account has no incoming server (tests that never talk IMAP). */
export async function composeBrand(root: RootDb, dovecot: Dovecot | null, smtpPort: number): Promise<ComposeBrand> {
  const brand = await createTestBrand(root);
  const db = composeDb(brandDb(root, brand.schema));
  const user = `${uniqueName('office')}@test.example`;
  const password = 'pw-1';
  const accountId = dovecot
    ? await createTestAccount(mailDb(db), dovecot, user, password)
    : (await db.insertInto('mailaccounts').values({ ma_name: user, ma_email: user }).returning('mailaccount_id').executeTakeFirstOrThrow()).mailaccount_id;
  await addOutgoingServer(db, accountId, smtpPort);
  const alias = await db
    .insertInto('mailaliases')
    .values({ mailaccount_id: accountId, mal_email: user, mal_name: 'Office', mal_is_default: true })
    .returning('mal_id')
    .executeTakeFirstOrThrow();
  let counter = 0;
  return {
    host: brand.host,
    schema: brand.schema,
    db,
    accountId,
    aliasId: alias.mal_id,
    mailbox: { user, password },
    usId: async (email) => (await db.selectFrom('users').select('us_id').where('email', '=', email).executeTakeFirstOrThrow()).us_id,
    link: async (usId, canSend, account = accountId) => {
      await db
        .insertInto('mailaccount_users')
        .values({ mailaccount_id: account, us_id: usId, maxu_user_can_send: canSend, maxu_default: true })
        .onConflict((oc) => oc.columns(['mailaccount_id', 'us_id']).doUpdateSet({ maxu_user_can_send: canSend }))
        .execute();
    },
    unlinkAll: async (usId) => {
      await db.deleteFrom('mailaccount_users').where('us_id', '=', usId).execute();
    },
    addMail: async (v) => {
      counter += 1;
      const row = await db
        .insertInto('mails')
        .values({
          mailaccount_id: accountId,
          message_id: `<seed${counter}.${Date.now()}@client.example>`,
          mail_subject: v.subject,
          mail_from: JSON.stringify(v.from),
          mail_to_arr: JSON.stringify(v.to ?? [{ name: 'Office', address: user }]),
          mail_cc_arr: JSON.stringify(v.cc ?? []),
          mail_date: sql<Date>`now()`,
          mail_html: v.html ?? '<p>Hello</p>',
          mail_text: 'Hello',
        })
        .returning('ma_id')
        .executeTakeFirstOrThrow();
      return row.ma_id;
    },
  };
}
