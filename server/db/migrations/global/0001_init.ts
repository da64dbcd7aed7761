/** The shared `global` schema: brand sites and their domains, the error log and login throttling. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // pg_trgm lives in public so every brand schema's GIN indexes can use public.gin_trgm_ops.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const s = db.schema.withSchema('global');

  await s
    .createTable('sites')
    .addColumn('s_id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('db_name', 'text')
    .addColumn('product_name', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('wcf_form_url', 'text')
    .addColumn('schema_name', 'text', (c) => c.unique())
    .addColumn('description', 'text')
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await s
    .createTable('domains')
    .addColumn('d_id', 'serial', (c) => c.primaryKey())
    .addColumn('s_id', 'integer', (c) => c.notNull().references('sites.s_id').onDelete('cascade'))
    .addColumn('d_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('primary')
        .check(sql`d_type in ('primary', 'alias')`),
    )
    .addColumn('d_name', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`d_name = lower(d_name)`),
    )
    .addColumn('d_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('d_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('domains_s_id_idx').on('domains').column('s_id').execute();

  await s
    .createTable('error_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('brand_schema', 'text')
    .addColumn('method', 'text')
    .addColumn('url', 'text')
    .addColumn('message', 'text')
    .addColumn('stack', 'text')
    .addColumn('us_id', 'integer')
    .execute();
  await s.createIndex('error_logs_created_at_idx').on('error_logs').column('created_at').execute();

  // One row per failed login, keyed by account and by client address; counted over a window.
  await s
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('login_attempts_key_idx').on('login_attempts').columns(['key', 'attempted_at']).execute();
}
