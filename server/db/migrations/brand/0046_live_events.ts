/**
 * Live updates (issue 29): triggers raise the mail, sync and reminder events on the `live_events`
 * NOTIFY channel (server/events/channel.ts), whichever process or worker writes: the mail sync
 * moving `ma_changed_at`, an account switched on or off, its sync state, a user linked to or
 * unlinked from an account, a reminder added, changed or removed. A NOTIFY goes out on commit;
 * identical payloads of one transaction (a bulk reminder update) arrive once.
 */
import { sql, type Kysely } from 'kysely';

const notify = (payload: string) => `perform pg_notify('live_events', json_build_object('s', TG_TABLE_SCHEMA, ${payload})::text);`;

const MAILACCOUNT = `begin
  if new.ma_changed_at is distinct from old.ma_changed_at or new.ma_enabled is distinct from old.ma_enabled then
    ${notify(`'k', 'mail', 'a', new.mailaccount_id`)}
  end if;
  if new.sync_status is distinct from old.sync_status or new.last_sync_at is distinct from old.last_sync_at then
    ${notify(`'k', 'sync', 'a', new.mailaccount_id`)}
  end if;
  return null;
end`;

const MAILACCOUNT_USER = `declare r record;
begin
  if TG_OP = 'DELETE' then r := old; else r := new; end if;
  ${notify(`'k', 'mail', 'a', r.mailaccount_id, 'u', r.us_id`)}
  return null;
end`;

const NOTIFICATION = `declare r record;
begin
  if TG_OP = 'DELETE' then r := old; else r := new; end if;
  ${notify(`'k', 'reminders', 'u', r.us_id`)}
  return null;
end`;

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const fn = async (name: string, body: string) =>
    sql`create or replace function ${sql.id(schema, name)}() returns trigger language plpgsql as ${sql.raw(`$fn$${body}$fn$`)}`.execute(db);
  await fn('live_events_mailaccount', MAILACCOUNT);
  await fn('live_events_mailaccount_user', MAILACCOUNT_USER);
  await fn('live_events_notification', NOTIFICATION);
  await sql`create trigger live_events after update on ${sql.id(schema, 'mailaccounts')}
    for each row execute function ${sql.id(schema, 'live_events_mailaccount')}()`.execute(db);
  await sql`create trigger live_events after insert or update or delete on ${sql.id(schema, 'mailaccount_users')}
    for each row execute function ${sql.id(schema, 'live_events_mailaccount_user')}()`.execute(db);
  await sql`create trigger live_events after insert or update or delete on ${sql.id(schema, 'notifications')}
    for each row execute function ${sql.id(schema, 'live_events_notification')}()`.execute(db);
}
