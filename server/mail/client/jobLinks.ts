/**
 * A mail's job links (`mail_job_links`, brand migration 0045): a mail may belong to several jobs.
 * Every reader of "the mail's job" goes through here or joins the table itself. The links of a
 * message that reached several inboxes are held by its first copy (../copies/copies.ts): each
 * copy reads them from there.
 */
import type { AliasedExpression, Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { MailDb, MailTables } from '../tables';
import { anchorOf } from '../copies/copies';

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
/** Any query over `mails as m`, whatever other tables its database type has. */
const asMails = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb as unknown as MailsEb;

/** The anchor of the mail aliased `m` (copies.ts): its oldest copy, found through mails_copy_idx, else itself. */
const anchorExpr = (eb: MailsEb) =>
  eb.fn.coalesce(
    eb
      .selectFrom('mails as c')
      .select((e) => e.fn.min('c.ma_id').as('anchor'))
      .whereRef('c.message_id', '=', 'm.message_id')
      .whereRef('c.ma_content_hash', '=', 'm.ma_content_hash')
      .$asScalar(),
    eb.ref('m.ma_id'),
  );

/** A list row's `job_id`: one job the mail (aliased `m`) is linked to (the first), null when none. */
export const firstJobId = <DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>): AliasedExpression<number | null, 'job_id'> => {
  const eb = asMails(outer);
  return eb
    .selectFrom('mail_job_links as l')
    .select('l.job_id')
    .where('l.ma_id', '=', anchorExpr(eb))
    .orderBy('l.mjl_at')
    .orderBy('l.job_id')
    .limit(1)
    .$asScalar()
    .as('job_id');
};

/**
 * A where clause: the mail (aliased `m`) is linked to the job. Read from the job's side (its links,
 * then their copies by Message-ID and hash), so a job's mails cost its links, not the accounts' mails.
 */
export const linkedToJob = <DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, jobId: number): Expression<SqlBool> => {
  const eb = asMails(outer);
  const linked = eb.selectFrom('mail_job_links as l').select('l.ma_id').where('l.job_id', '=', jobId);
  const copies = eb
    .selectFrom('mail_job_links as l')
    .innerJoin('mails as a', 'a.ma_id', 'l.ma_id')
    .innerJoin('mails as c', (join) => join.onRef('c.message_id', '=', 'a.message_id').onRef('c.ma_content_hash', '=', 'a.ma_content_hash'))
    .select('c.ma_id')
    .where('l.job_id', '=', jobId);
  return eb('m.ma_id', 'in', linked.unionAll(copies));
};
