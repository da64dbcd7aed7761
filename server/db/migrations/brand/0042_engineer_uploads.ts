/**
 * The engineer's uploads from a phone (engineerportal/{id}/files and {id}/invoices): each request
 * may carry an Idempotency-Key (one per file in the SPA, made on the phone when the file is
 * chosen). The files a key stored are kept here, so a retry of an upload whose answer was lost
 * (the signal dropped) answers the files already stored instead of storing them again. A file
 * deleted by the office takes its key rows with it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('engineer_uploads')
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('engineer_uploads_pk', ['us_id', 'upload_key', 'file_id'])
    .execute();
  await s.createIndex('engineer_uploads_file_idx').on('engineer_uploads').column('file_id').execute();
}
