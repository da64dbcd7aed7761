/**
 * Sessions get a public id (the settings page lists a user's sessions and ends any of them by it;
 * the token's hash stays on the server), and public registrations wait for their address to be
 * confirmed by mail (`pending_registrations`), so the answer to a registration is the same whether
 * or not the address already has an account.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`alter table ${t('sessions')} add column ses_id bigserial not null`.execute(db);
  await sql`create unique index ${sql.id('sessions_ses_id_idx')} on ${t('sessions')} (ses_id)`.execute(db);
  await sql`create table ${t('pending_registrations')} (
    token_hash text primary key,
    email text not null,
    firstname text not null,
    surname text not null,
    password_hash text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index ${sql.id('pending_registrations_email_idx')} on ${t('pending_registrations')} (email)`.execute(db);
}
