/**
 * A mail's job links (`mail_job_links`, brand migration 0045): a mail may belong to several jobs.
 * Every reader of "the mail's job" goes through here or joins the table itself. The links of a
 * message that reached several inboxes are held by its first copy (../copies/copies.ts): each
 * copy reads them from there.
 */
import type { AliasedExpression, Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { MailDb, MailTables } from '../tables';
import { anchorOf, isCopyOf } from '../copies/copies';

export interface JobLink {
  job_id: number;
  job_number: string | null;
}

/** The mail's jobs, oldest link first. */
export async function mailJobs(db: MailDb, maId: number): Promise<JobLink[]> {
  const anchor = await anchorOf(db, maId);
  return db
    .selectFrom('mail_job_links as l')
    .innerJoin('jobs as j', 'j.job_id', 'l.job_id')
    .select(['j.job_id', 'j.job_number'])
    .where('l.ma_id', '=', anchor)
    .orderBy('l.mjl_at')
    .orderBy('l.job_id')
    .execute();
}

export async function isLinkedToJob(db: MailDb, maId: number): Promise<boolean> {
  const anchor = await anchorOf(db, maId);
  const row = await db.selectFrom('mail_job_links').select('job_id').where('ma_id', '=', anchor).limit(1).executeTakeFirst();
  return row !== undefined;
}

type MailsEb = ExpressionBuilder<MailTables & { m: MailTables['mails'] }, 'm'>;
type CopiesEb = Parameters<typeof isCopyOf>[0];
/** Any query over `mails as m`, whatever other tables its database type has. */
const asMails = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb as unknown as MailsEb;

/** A list row's `job_id`: one job the mail (aliased `m`) is linked to (the first), null when none. */
export const firstJobId = <DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>): AliasedExpression<number | null, 'job_id'> => {
  const eb = asMails(outer);
  return eb
    .selectFrom('mail_job_links as l')
    .innerJoin('mails as c', 'c.ma_id', 'l.ma_id')
    .select('l.job_id')
    .where((e) => isCopyOf(e as unknown as CopiesEb))
    .orderBy('l.mjl_at')
    .orderBy('l.job_id')
    .limit(1)
    .$asScalar()
    .as('job_id');
};

/** A where clause: the mail (aliased `m`) is linked to the job. */
export const linkedToJob = <DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, jobId: number): Expression<SqlBool> => {
  const eb = asMails(outer);
  return eb.exists(
    eb
      .selectFrom('mail_job_links as l')
      .innerJoin('mails as c', 'c.ma_id', 'l.ma_id')
      .select('l.job_id')
      .where('l.job_id', '=', jobId)
      .where((e) => isCopyOf(e as unknown as CopiesEb)),
  );
};
