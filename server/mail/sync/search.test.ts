/** The full-text vector of migration 0017: the sync's words give the lexemes of the whole text; other writers get it from the trigger. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { mailDb, type MailDb } from '../tables';
import { distinctWords, searchText } from './searchText';
import { syncAccount } from './syncAccount';
import { createTestAccount, rawMail, withMailbox } from './testMailbox';

let root: RootDb;
let db: MailDb;
let dovecot: Dovecot;

beforeAll(async () => {
  root = testDb();
  db = mailDb(brandDb(root, (await createTestBrand(root)).schema));
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  await root?.destroy();
});

const TRICKY = [
  'Invoice INV-2041 for the boiler-room, see https://portal.example.com/jobs/17?x=1 or mail billing@suspicious-invoices.example.',
  'Wartung der Heizung: Größe 3,5 m² — Übergabe am 12.11.2026 um 09:30; Schlüssel bei Frau Müller.\n\nWartung   Heizung\tGröße',
  'Karbantartás: a kazán ellenőrzése kedden. <a href="https://x.example/a b">link</a> <b>bold</b> &amp; v1.2.3 /var/log/mail.log -42 3.14',
  'repeat repeat repeat, repeat. REPEAT Repeat-ed re-peat repeat\u00a0nbsp\u2003em',
];

const lexemes = async (text: string) => {
  const { rows } = await sql<{ words: string[] }>`select tsvector_to_array(to_tsvector('simple', ${text})) as words`.execute(db);
  return rows[0].words;
};

describe('mail full-text vector', () => {
  it('indexes the same words from the distinct words as from the whole text', async () => {
    for (const text of TRICKY) expect(await lexemes(distinctWords(text)), text).toEqual(await lexemes(text));
    expect(distinctWords('a b  a\nc b')).toBe('a b c');
    const words = searchText({
      mail_subject: 'Roof leak',
      mail_from: { name: 'Isla Brown', address: 'isla@example.com' },
      mail_to_arr: [{ name: '', address: 'office@example.com' }],
      mail_cc_arr: [],
      mail_text: 'leak leak gutter',
    });
    expect(words).toBe('Roof leak Isla Brown isla@example.com office@example.com leak gutter');
  });

  it('finds a synced mail by any word of its text, and fills the vector of rows written without it', async () => {
    const user = `${uniqueName('search')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    const text = `${'boiler radiator boiler '.repeat(400)}\nlate words: INV-2041 Karbantartás`;
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Annual service', from: 'Ava Wilson <ava@lettings.example>', text })));
    expect((await syncAccount(db, accountId)).error).toBeUndefined();
    const found = (query: string) =>
      db
        .selectFrom('mails')
        .select('mail_subject')
        .where('mailaccount_id', '=', accountId)
        .where(sql<boolean>`search @@ websearch_to_tsquery('simple', ${query})`)
        .execute();
    for (const query of ['karbantartás', 'INV-2041', 'ava@lettings.example', 'Wilson service', 'radiator']) expect(await found(query), query).toHaveLength(1);
    expect(await found('gutter')).toHaveLength(0);

    // A writer that leaves `search` out (seed, sent mail) gets it from the row, as before 0017.
    await db
      .insertInto('mails')
      .values({
        mailaccount_id: accountId,
        message_id: '<direct@test.example>',
        mail_subject: 'Gutter survey',
        mail_text: 'ladder needed',
        mail_from: JSON.stringify({ name: 'Leo', address: 'leo@example.com' }),
      })
      .execute();
    expect(await found('ladder gutter')).toEqual([{ mail_subject: 'Gutter survey' }]);
    await db.updateTable('mails').set({ mail_text: 'scaffold needed' }).where('message_id', '=', '<direct@test.example>').execute();
    expect(await found('scaffold')).toHaveLength(1);
    expect(await found('ladder')).toHaveLength(0);
  });
});
