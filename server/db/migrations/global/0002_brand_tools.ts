/**
 * Brand tools in `global`: which brands a company reserved itself (/reserve), the SQL batch files
 * developers run across schemas, and the log of every run (`sqlexecuted`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema.withSchema('global');
  await s
    .createTable('reservations')
    .addColumn('r_id', 'serial', (c) => c.primaryKey())
    .addColumn('s_id', 'integer', (c) => c.notNull().unique().references('sites.s_id').onDelete('cascade'))
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('reserved_from', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s
    .createTable('batch_files')
    .addColumn('bf_id', 'serial', (c) => c.primaryKey())
    .addColumn('bf_name', 'text', (c) => c.notNull())
    .addColumn('se_type', 'text', (c) => c.notNull().check(sql`se_type in ('global', 'site_n')`))
    .addColumn('bf_sql', 'text', (c) => c.notNull())
    .addColumn('bf_description', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s
    .createTable('sql_executed')
    .addColumn('se_id', 'serial', (c) => c.primaryKey())
    .addColumn('se_type', 'text', (c) => c.notNull())
    .addColumn('file_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('file_names', sql`text[]`, (c) => c.notNull())
    .addColumn('schemas', sql`text[]`, (c) => c.notNull())
    .addColumn('dry_run', 'boolean', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('results', 'jsonb', (c) => c.notNull())
    .addColumn('executed_by', 'text', (c) => c.notNull())
    .addColumn('executed_from', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('sql_executed_created_at_idx').on('sql_executed').column('created_at').execute();
}
