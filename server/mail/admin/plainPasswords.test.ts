/** Passwords stored before encryption are encrypted at start, once, and still open the servers. */
import { describe, expect, it } from 'vitest';
import { brandDb } from '../../db/types';
import { createTestBrand, uniqueName, useTestApp } from '../../test/helpers';
import { decryptSecret, encryptSecret, ENCRYPTED_PREFIX } from '../secrets';
import { mailDb } from '../tables';
import { encryptPlainMailPasswords } from './plainPasswords';

const t = useTestApp();

describe('plain-text mail server passwords', () => {
  it('encrypts plain passwords of incoming and outgoing servers, leaves encrypted and empty ones, and is idempotent', async () => {
    const brand = await createTestBrand(t.db);
    const db = mailDb(brandDb(t.db, brand.schema));
    const already = encryptSecret('kept-as-is')!;
    const incoming = await db
      .insertInto('mailincomingservers')
      .values([
        { mis_name: uniqueName('imap'), mis_host: 'imap.example.com', mis_port: 993, mis_secure: true, mis_user: 'a', mis_pass: 'old-plain' },
        { mis_name: uniqueName('imap'), mis_host: 'imap.example.com', mis_port: 993, mis_secure: true, mis_user: 'b', mis_pass: already },
        { mis_name: uniqueName('imap'), mis_host: 'imap.example.com', mis_port: 993, mis_secure: true, mis_user: 'c', mis_pass: null },
      ])
      .returning(['mis_id', 'mis_user'])
      .execute();
    const outgoing = await db
      .insertInto('mailservers')
      .values({
        mailserver_name: uniqueName('smtp'),
        mailserver_host: 'smtp.example.com',
        mailserver_port: 587,
        mailserver_secure: false,
        mailserver_user: 'o',
        mailserver_pass: 'smtp-plain',
        mailserver_from: 'o@example.com',
      })
      .returning('mailserver_id')
      .executeTakeFirstOrThrow();

    expect(await encryptPlainMailPasswords(t.db, [brand.schema])).toBe(2);
    const stored = await db
      .selectFrom('mailincomingservers')
      .select(['mis_user', 'mis_pass'])
      .where(
        'mis_id',
        'in',
        incoming.map((r) => r.mis_id),
      )
      .orderBy('mis_user')
      .execute();
    expect(stored[0].mis_pass?.startsWith(ENCRYPTED_PREFIX)).toBe(true);
    expect(decryptSecret(stored[0].mis_pass)).toBe('old-plain');
    expect(stored[1].mis_pass).toBe(already);
    expect(stored[2].mis_pass).toBeNull();
    const smtp = await db.selectFrom('mailservers').select('mailserver_pass').where('mailserver_id', '=', outgoing.mailserver_id).executeTakeFirstOrThrow();
    expect(smtp.mailserver_pass).not.toContain('smtp-plain');
    expect(decryptSecret(smtp.mailserver_pass)).toBe('smtp-plain');

    // A second start finds nothing left to do and changes nothing.
    expect(await encryptPlainMailPasswords(t.db, [brand.schema])).toBe(0);
    const again = await db
      .selectFrom('mailincomingservers')
      .select('mis_pass')
      .where('mis_id', '=', incoming.find((r) => r.mis_user === 'a')!.mis_id)
      .executeTakeFirstOrThrow();
    expect(again.mis_pass).toBe(stored[0].mis_pass);
  });
});
