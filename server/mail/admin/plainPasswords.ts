/**
 * Mail server passwords saved before encryption existed are plain text in the database. At start
 * every brand's plain passwords (incoming and outgoing servers) are encrypted in place with the
 * current key. Idempotent: an encrypted value is recognised by its prefix and left alone, and each
 * update re-checks that the row still holds the plain value it read (a concurrent save wins).
 */
import { brandDb, type RootDb } from '../../db/types';
import { ENCRYPTED_PREFIX, encryptSecret } from '../secrets';
import { mailDb, type MailDb } from '../tables';

async function encryptIncoming(db: MailDb): Promise<number> {
  const rows = await db
    .selectFrom('mailincomingservers')
    .select(['mis_id', 'mis_pass'])
    .where('mis_pass', 'is not', null)
    .where('mis_pass', '!=', '')
    .where('mis_pass', 'not like', `${ENCRYPTED_PREFIX}%`)
    .execute();
  for (const r of rows)
    await db
      .updateTable('mailincomingservers')
      .set({ mis_pass: encryptSecret(r.mis_pass) })
      .where('mis_id', '=', r.mis_id)
      .where('mis_pass', '=', r.mis_pass)
      .execute();
  return rows.length;
}

async function encryptOutgoing(db: MailDb): Promise<number> {
  const rows = await db
    .selectFrom('mailservers')
    .select(['mailserver_id', 'mailserver_pass'])
    .where('mailserver_pass', 'is not', null)
    .where('mailserver_pass', '!=', '')
    .where('mailserver_pass', 'not like', `${ENCRYPTED_PREFIX}%`)
    .execute();
  for (const r of rows)
    await db
      .updateTable('mailservers')
      .set({ mailserver_pass: encryptSecret(r.mailserver_pass) })
      .where('mailserver_id', '=', r.mailserver_id)
      .where('mailserver_pass', '=', r.mailserver_pass)
      .execute();
  return rows.length;
}

/** Encrypts the plain-text mail server passwords of the given brand schemas; returns how many. */
export async function encryptPlainMailPasswords(root: RootDb, schemas: string[]): Promise<number> {
  let done = 0;
  for (const schema of schemas) {
    const db = mailDb(brandDb(root, schema));
    done += (await encryptIncoming(db)) + (await encryptOutgoing(db));
  }
  return done;
}
