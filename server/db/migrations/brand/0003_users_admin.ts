/**
 * A brand's user assignments (default operators, property managers, client contacts) and its
 * site configuration. Runs after 0002, which creates the property managers and contacts.
 */
import { sql, type Kysely } from 'kysely';

async function linkTable(db: Kysely<unknown>, schema: string, table: string, column: string, references?: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable(table)
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn(column, 'integer', (c) => (references ? c.notNull().references(references).onDelete('cascade') : c.notNull()))
    .addPrimaryKeyConstraint(`${table}_pk`, ['us_id', column])
    .execute();
  await db.schema.withSchema(schema).createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
}

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await linkTable(db, schema, 'user_default_operators', 'operator_us_id', 'users.us_id');
  await linkTable(db, schema, 'user_property_managers', 'pm_id', 'propertymanagers.pm_id');
  await linkTable(db, schema, 'user_client_contacts', 'co_id', 'contacts.co_id');

  await db.schema
    .withSchema(schema)
    .createTable('site_config')
    .addColumn('sc_key', 'text', (c) => c.primaryKey())
    .addColumn('sc_value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
