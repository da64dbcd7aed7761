/**
 * The office home page's figures (core/jobs/home/figures.ts). Every count is the count of the
 * sheet's own filter (parseJobFilter and jobWhere, as POST jobs/filter runs them), so the number
 * on the home page is the total the sheet shows behind its link. Office staff see every job of
 * their brand (server/jobs/access.ts); the brand-bound database keeps the figures in the brand.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { JOB_STATUSES, type JobStatus } from '../../../core/enums';
import { formatMinor, toMinor } from '../../../core/jobs/money';
import {
  figureDays,
  figureLinks,
  linkToJobFilter,
  type DepartmentMargin,
  type EngineerFigure,
  type HomeFigures,
  type SheetLink,
} from '../../../core/jobs/home/figures';
import { jobWhere, parseJobFilter } from '../filter';
import type { JobDb, JobTables } from '../tables';
import { salesSiteValues } from '../sales/siteValues';

type WhereEb = Parameters<typeof jobWhere>[0];
const money = (v: unknown) => formatMinor(toMinor(v === null || v === undefined ? 0 : String(v)));

/** The jobs of a link: their count and their net quote summed. */
async function countOf(db: JobDb, link: SheetLink): Promise<{ count: number; quote: string }> {
  const c = parseJobFilter(linkToJobFilter(link));
  const row = await db
    .selectFrom('jobs as j')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(j.net_quote), 0)::text`.as('quote')])
    .where((eb) => jobWhere(eb as unknown as WhereEb, c))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), quote: money(row.quote) };
}

async function byStatus(db: JobDb, links: ReturnType<typeof figureLinks>) {
  const rows = await db
    .selectFrom('jobs')
    .select(['job_status', sql<string>`count(*)`.as('n')])
    .where('job_number', 'is not', null)
    .groupBy('job_status')
    .execute();
  const counts = new Map(rows.map((r) => [r.job_status, Number(r.n)]));
  return JOB_STATUSES.map((status: JobStatus) => ({ status, count: counts.get(status) ?? 0, link: links.status(status) }));
}

/** Engineers with an ended job of the window they have not reported on, most missing first. */
async function notReported(db: JobDb, links: ReturnType<typeof figureLinks>): Promise<EngineerFigure[]> {
  const c = parseJobFilter(linkToJobFilter({ ...links.engineer(0), engineer: undefined }));
  const rows = await db
    .selectFrom('jobs as j')
    .innerJoin('job_engineers as e', 'e.job_id', 'j.job_id')
    .innerJoin('users as u', 'u.us_id', 'e.us_id')
    .select(['e.us_id', 'u.fullname', sql<string>`count(*)`.as('missing')])
    .where((eb) => jobWhere(eb as unknown as WhereEb, c))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('engineer_reports as r').select('r.er_id').whereRef('r.job_id', '=', 'j.job_id').whereRef('r.us_id', '=', 'e.us_id'))),
    )
    .groupBy(['e.us_id', 'u.fullname'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('u.fullname')
    .limit(20)
    .execute();
  return Promise.all(
    rows.map(async (r) => {
      const link = links.engineer(r.us_id);
      return { us_id: r.us_id, fullname: r.fullname, missing: Number(r.missing), count: (await countOf(db, link)).count, link };
    }),
  );
}

type CostEb = ExpressionBuilder<JobTables & { j: JobTables['jobs'] }, 'j'>;
/** A job's costs net, each row quantity × net price rounded to pence (the operator's values, else the engineer's). */
const costOf = (eb: CostEb) =>
  eb
    .selectFrom('job_costs as k')
    .select(
      sql<string>`coalesce(sum(round(coalesce(k.jc_qty_operator, k.jc_qty_engineer) * coalesce(k.jc_net_price_operator, k.jc_net_price_engineer), 2)), 0)`.as(
        'net',
      ),
    )
    .whereRef('k.job_id', '=', 'j.job_id');

/** Sales, costs and margin of the jobs ending this month, per department. */
async function marginByDepartment(db: JobDb, links: ReturnType<typeof figureLinks>): Promise<DepartmentMargin[]> {
  const days = links.department(0);
  const c = parseJobFilter(linkToJobFilter({ end_from: days.end_from, end_to: days.end_to }));
  const rows = await db
    .selectFrom('jobs as j')
    .leftJoin('departments as d', 'd.de_id', 'j.de_id')
    .select((eb) => [
      'j.de_id',
      'd.de_name',
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(sum(j.net_sales), 0)::text`.as('sales'),
      sql<string>`coalesce(sum(${costOf(eb)}), 0)::text`.as('costs'),
    ])
    .where((eb) => jobWhere(eb as unknown as WhereEb, c))
    .groupBy(['j.de_id', 'd.de_name'])
    .orderBy('d.de_name')
    .execute();
  return rows.map((r) => {
    const sales = toMinor(r.sales);
    const costs = toMinor(r.costs);
    return {
      de_id: r.de_id,
      de_name: r.de_name,
      count: Number(r.n),
      sales: formatMinor(sales),
      costs: formatMinor(costs),
      margin: formatMinor(sales - costs),
      link: links.department(r.de_id),
    };
  });
}

export async function homeFigures(db: JobDb, now = new Date()): Promise<HomeFigures> {
  const links = figureLinks(now);
  const days = figureDays(now);
  const [statuses, unbooked, overdue, quotes, unbilled, engineers, margins, site] = await Promise.all([
    byStatus(db, links),
    countOf(db, links.unbooked),
    countOf(db, links.overdue),
    countOf(db, links.quotesAwaiting),
    countOf(db, links.unbilled),
    notReported(db, links),
    marginByDepartment(db, links),
    salesSiteValues(db),
  ]);
  return {
    today: days.today,
    currency: site.currency,
    month: { from: days.monthFrom, to: days.monthTo },
    byStatus: statuses,
    unbooked: { count: unbooked.count, link: links.unbooked },
    overdue: { count: overdue.count, link: links.overdue },
    quotesAwaiting: { count: quotes.count, value: quotes.quote, link: links.quotesAwaiting },
    unbilled: { count: unbilled.count, value: unbilled.quote, link: links.unbilled },
    notReported: engineers,
    marginByDepartment: margins,
  };
}
