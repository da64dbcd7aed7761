/**
 * Microsoft Graph as a second source of the mail engine (issue 26): a mail account reads its mail
 * from IMAP (as before) or from a Microsoft mailbox through Graph. A Graph account has no incoming
 * server (`mis_id` null); `msa_id` names the Microsoft account (the accounts side's table, 0040)
 * whose token the sync uses. A Graph folder is an `imapfolders` row keyed by Graph's folder id, with
 * its delta cursor (the last `@odata.nextLink` reached, or the `@odata.deltaLink`); a message in it
 * is a `mail_locations` row with a UID of our own and Graph's immutable id, so the mail client,
 * search and job links work on Graph mail unchanged.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .alterTable('mailaccounts')
    .addColumn('ma_source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('imap')
        .check(sql`ma_source in ('imap', 'graph')`),
    )
    .addColumn('msa_id', 'integer')
    .execute();
  await s
    .alterTable('imapfolders')
    .addColumn('graph_folder_id', 'text')
    // The link the next sync starts from: a nextLink while a pass is under way, else the deltaLink.
    .addColumn('graph_delta_link', 'text')
    // When the pass that enumerates the whole folder (the first, or after a 410) began; null when none is under way.
    .addColumn('graph_full_since', 'timestamptz')
    .execute();
  await sql`create unique index imapfolders_graph_id on ${sql.id(schema, 'imapfolders')} (mailaccount_id, graph_folder_id) where graph_folder_id is not null`.execute(
    db,
  );
  await s.alterTable('mail_locations').addColumn('graph_id', 'text').addColumn('graph_seen_at', 'timestamptz').execute();
  await sql`create unique index mail_locations_graph_id on ${sql.id(schema, 'mail_locations')} (ifolder_id, graph_id) where graph_id is not null`.execute(db);
  await sql`create index mail_locations_graph_lookup on ${sql.id(schema, 'mail_locations')} (graph_id) where graph_id is not null`.execute(db);
  await s.alterTable('mail_skipped').addColumn('graph_id', 'text').execute();
}
