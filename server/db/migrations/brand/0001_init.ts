/** A brand schema's first tables: users, their sessions and departments. */
import { sql, type Kysely } from 'kysely';

/** Trigram GIN index so `ILIKE '%text%'` searches stay fast on large tables. */
export async function trigramIndex(db: Kysely<unknown>, schema: string, table: string, column: string): Promise<void> {
  await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.id(schema, table)} using gin (${sql.id(column)} public.gin_trgm_ops)`.execute(db);
}

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('users')
    .addColumn('us_id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text')
    .addColumn('surname', 'text')
    .addColumn('nickname', 'text')
    .addColumn('fullname', 'text')
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await trigramIndex(db, schema, 'users', 'email');
  await trigramIndex(db, schema, 'users', 'fullname');

  await s
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await s.createIndex('sessions_us_id_idx').on('sessions').column('us_id').execute();
  await s.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await s
    .createTable('departments')
    .addColumn('de_id', 'serial', (c) => c.primaryKey())
    .addColumn('de_name', 'text', (c) => c.notNull())
    .addColumn('de_prefix', 'text', (c) => c.notNull().unique())
    .addColumn('de_description', 'text')
    .addColumn('de_color', 'text')
    .addColumn('de_is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Lists sort text case-insensitively with the id as tiebreaker; this serves the default sort.
  await s
    .createIndex('departments_name_sort_idx')
    .on('departments')
    .expression(sql`lower(de_name), de_id`)
    .execute();
  await trigramIndex(db, schema, 'departments', 'de_name');
  await trigramIndex(db, schema, 'departments', 'de_prefix');
  await trigramIndex(db, schema, 'departments', 'de_description');
}
