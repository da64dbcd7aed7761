/**
 * Several jobs per mail (issue 30): `mail_job_links` replaces the single `mails.job_id`. Each link
 * keeps why it was made (the router's reason code, or `manual`), who made it (null: the router)
 * and when. Existing links move over with the reason the router recorded for them, if any.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('mail_job_links')
    .addColumn('ma_id', 'bigint', (c) => c.notNull().references('mails.ma_id').onDelete('cascade'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('mjl_reason', 'text', (c) => c.notNull())
    .addColumn('mjl_by_us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('mjl_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mail_job_links_pk', ['ma_id', 'job_id'])
    .execute();
  // A job's E-mails tab and the customer portal read a job's mails.
  await s.createIndex('mail_job_links_job_idx').on('mail_job_links').columns(['job_id', 'ma_id']).execute();
  await sql`insert into ${sql.id(schema, 'mail_job_links')} (ma_id, job_id, mjl_reason, mjl_by_us_id, mjl_at)
    select m.ma_id, m.job_id,
      case when r.mr_reason is null or r.mr_reason in ('unrouted', 'manual_unlink', 'outgoing') then 'manual' else r.mr_reason end,
      case when r.mr_manual then r.mr_by_us_id end,
      coalesce(r.mr_at, m.created_at)
    from ${sql.id(schema, 'mails')} m
    left join ${sql.id(schema, 'mail_routing')} r on r.ma_id = m.ma_id
    where m.job_id is not null`.execute(db);
  await sql`drop index if exists ${sql.id(schema, 'mails_job_idx')}`.execute(db);
  await sql`alter table ${sql.id(schema, 'mails')} drop column job_id`.execute(db);
}
