/**
 * The two-way contact sync (SPEC point 3: contacts already carry xero_contact_id since 0002):
 * - xero_hash, generated from the fields sent to Xero, and xero_pushed_hash, the hash last sent (or
 *   last pulled): a contact whose two differ has changed since and is pushed again; no trigger and
 *   no update stamp needed. Contacts already linked count as sent, so migrating pushes nothing.
 * - xero_error: why Xero refused the contact (its unique-name rule), shown on the contact.
 * - an index on xero_contact_id: a pulled contact is matched by it.
 * - xero_sync_state.phase ('pull' then 'push') and pull_started_at (Xero's clock at the pull's
 *   first page, the next pull's If-Modified-Since), so a restarted sync resumes where it was.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const contacts = sql.id(schema, 'contacts');
  // || (not concat_ws): a generated column needs an immutable expression.
  await sql`alter table ${contacts} add column xero_hash text generated always as (md5(
    coalesce(co_name, '') || '|' || coalesce(co_company, '') || '|' || coalesce(co_email, '') || '|' || coalesce(co_phone, '') || '|' || coalesce(co_address, '')
  )) stored`.execute(db);
  await sql`alter table ${contacts} add column xero_pushed_hash text, add column xero_error text`.execute(db);
  // The index before the update: the update queues the contacts' deferred list triggers, and PostgreSQL refuses
  // DDL on a table with pending trigger events in the same transaction (an existing brand's upgrade failed so).
  await sql`create index contacts_xero_contact_id_idx on ${contacts} (xero_contact_id) where xero_contact_id is not null`.execute(db);
  await sql`update ${contacts} set xero_pushed_hash = xero_hash where xero_contact_id is not null`.execute(db);
  await sql`alter table ${sql.id(schema, 'xero_sync_state')} add column phase text, add column pull_started_at timestamptz, add column notice text`.execute(db);
}
