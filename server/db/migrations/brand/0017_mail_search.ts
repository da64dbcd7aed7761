/**
 * `mails.search` stops being a generated column. Computing the vector from up to 100 KB of text
 * on every insert was most of PostgreSQL's share of a first sync (about 1 ms of CPU per mail for
 * 13 KB of text). The sync now sends the words to index (subject, addresses, and each distinct
 * word of the text once: server/mail/sync/searchText.ts), which gives the same lexemes at a
 * fraction of the cost. Every other writer (seed, sent mail, tests, the search bench) leaves the
 * column out and a trigger fills it from the row, as the generated column did; it also refreshes
 * the vector when an update changes the indexed columns without setting `search` itself.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const mails = sql.id(schema, 'mails');
  const people = sql.id(schema, 'mail_search_people');
  const vector = sql.id(schema, 'mail_search_vector');
  const fill = sql.id(schema, 'mails_search_fill');
  // Names and addresses of one address column (an object, an array of them, or JSON null).
  await sql`create function ${people}(list jsonb) returns text language sql immutable parallel safe as $$
    select coalesce(string_agg(concat_ws(' ', a->>'name', a->>'address'), ' '), '')
    from jsonb_array_elements(case jsonb_typeof(list) when 'array' then list when 'object' then jsonb_build_array(list) else '[]'::jsonb end) a
  $$`.execute(db);
  // 'simple': mails come in many languages. The text is bounded as the generated column was.
  await sql`create function ${vector}(subject text, mail_from jsonb, mail_to jsonb, mail_cc jsonb, body text) returns tsvector
    language sql immutable parallel safe as $$
    select to_tsvector('simple', concat_ws(' ', subject, ${people}(mail_from), ${people}(mail_to), ${people}(mail_cc), left(body, 100000)))
  $$`.execute(db);
  await sql`create function ${fill}() returns trigger language plpgsql as $$
    begin
      if new.search is null or (tg_op = 'UPDATE' and new.search is not distinct from old.search) then
        new.search := ${vector}(new.mail_subject, new.mail_from, new.mail_to_arr, new.mail_cc_arr, new.mail_text);
      end if;
      return new;
    end
  $$`.execute(db);

  await sql`drop index ${sql.id(schema, 'mails_search_idx')}`.execute(db);
  await sql`alter table ${mails} drop column search`.execute(db);
  await sql`alter table ${mails} add column search tsvector`.execute(db);
  await sql`update ${mails} set search = ${vector}(mail_subject, mail_from, mail_to_arr, mail_cc_arr, mail_text)`.execute(db);
  await sql`create trigger mails_search_fill before insert or update of mail_subject, mail_from, mail_to_arr, mail_cc_arr, mail_text on ${mails}
    for each row execute function ${fill}()`.execute(db);
  await sql`create index mails_search_idx on ${mails} using gin (search)`.execute(db);
}
