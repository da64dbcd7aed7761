/**
 * Files (SPEC.md point 3, File and Job file link): one row per stored file, its links to jobs
 * (with the processed and visible-to-client flags of that job) and to job sites.
 *
 * `f_storage_name` is the server-made name the bytes are stored and downloaded under; the user's
 * `f_name` is only ever shown, never used as a path. `f_thumbs` lists the thumbnail sizes that
 * were made (the brand's sizes at upload time), so a later change of the brand's sizes never
 * points a download at a thumbnail that does not exist.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('files')
    .addColumn('file_id', 'serial', (c) => c.primaryKey())
    .addColumn('f_grp_id', 'text', (c) => c.notNull())
    .addColumn('f_name', 'text', (c) => c.notNull())
    .addColumn('f_storage_name', 'text', (c) => c.notNull().unique())
    .addColumn('f_size', 'bigint', (c) => c.notNull())
    .addColumn('f_type', 'text', (c) => c.notNull())
    .addColumn('f_thumbs', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('f_width', 'integer')
    .addColumn('f_height', 'integer')
    .addColumn('f_note', 'text')
    .addColumn('f_added', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('f_added_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .execute();
  await s.createIndex('files_group_idx').on('files').columns(['f_grp_id', 'f_added']).execute();

  await s
    .createTable('file_job_links')
    .addColumn('fxj_id', 'serial', (c) => c.primaryKey())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('fxj_processed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fxj_visible_to_client', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('file_job_links_file_job_uq', ['file_id', 'job_id'])
    .execute();
  await s.createIndex('file_job_links_job_idx').on('file_job_links').column('job_id').execute();

  await s
    .createTable('file_site_links')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('js_id', 'integer', (c) => c.notNull().references('jobsites.js_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('file_site_links_pk', ['file_id', 'js_id'])
    .execute();
  await s.createIndex('file_site_links_site_idx').on('file_site_links').column('js_id').execute();
}
