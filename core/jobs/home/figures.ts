/**
 * The office home page's figures (issue 28): the wire answer of GET jobs/home and the job-sheet
 * filter behind each figure. A figure is defined by that filter alone: the server counts the jobs
 * the filter finds and the home page links to the sheet with it, so a figure and the sheet it
 * opens always agree. Dates are UTC calendar days, as the sheet's date inputs send them.
 */
import type { JobStatus } from '../../enums';
import type { JobFilter } from '../types';

/** The sheet's own filter fields a figure may set, in the sheet's form ('YYYY-MM-DD' days). */
export interface SheetLink {
  job_status?: JobStatus[];
  de_id?: number[];
  engineer?: number;
  end_from?: string;
  end_to?: string;
  net_sales_max?: string;
}

export interface FigureCount {
  count: number;
  link: SheetLink;
}

export interface StatusFigure extends FigureCount {
  status: JobStatus;
}

export interface EngineerFigure extends FigureCount {
  us_id: number;
  fullname: string | null;
  /** Ended jobs of the window without this engineer's report (the sheet lists all their ended jobs). */
  missing: number;
}

export interface DepartmentMargin extends FigureCount {
  de_id: number;
  de_name: string | null;
  /** Money as 2-decimal text. */
  sales: string;
  costs: string;
  margin: string;
}

export interface HomeFigures {
  /** The UTC day the figures were computed for. */
  today: string;
  /** The brand's currency (ISO code) the money figures are in. */
  currency: string;
  month: { from: string; to: string };
  byStatus: StatusFigure[];
  unbooked: FigureCount;
  overdue: FigureCount;
  quotesAwaiting: FigureCount & { value: string };
  unbilled: FigureCount & { value: string };
  notReported: EngineerFigure[];
  marginByDepartment: DepartmentMargin[];
}

/** Work still to be done: late when its end has passed. */
export const OPEN_STATUSES: JobStatus[] = ['APPROVED', 'BOOKED', 'IN_PROGRESS'];
/** The statuses the "engineer not reported" check looks at (all but cancelled and on hold). */
export const REPORTABLE_STATUSES: JobStatus[] = ['COMPLETED', 'APPROVED', 'BOOKED', 'IN_PROGRESS', 'SIGNED_OFF', 'QUOTED'];
/** How far back a missing report still counts. */
export const REPORT_WINDOW_DAYS = 30;

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The days the figures use, from the moment `now`. */
export function figureDays(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return {
    today: day(today),
    yesterday: day(addDays(today, -1)),
    reportFrom: day(addDays(today, -REPORT_WINDOW_DAYS)),
    monthFrom: day(monthStart),
    monthTo: day(monthEnd),
  };
}

/** The filters of the figures that do not depend on the data. */
export function figureLinks(now: Date) {
  const d = figureDays(now);
  return {
    status: (status: JobStatus): SheetLink => ({ job_status: [status] }),
    unbooked: { job_status: ['APPROVED'] } as SheetLink,
    overdue: { job_status: OPEN_STATUSES, end_to: d.yesterday } as SheetLink,
    quotesAwaiting: { job_status: ['QUOTED'] } as SheetLink,
    unbilled: { job_status: ['COMPLETED'], net_sales_max: '0' } as SheetLink,
    engineer: (usId: number): SheetLink => ({ job_status: REPORTABLE_STATUSES, engineer: usId, end_from: d.reportFrom, end_to: d.yesterday }),
    department: (deId: number): SheetLink => ({ de_id: [deId], end_from: d.monthFrom, end_to: d.monthTo }),
  };
}

/** A link as the JobFilter body the sheet sends for it (days from 00:00:00 to 23:59:59). */
export function linkToJobFilter(link: SheetLink): JobFilter {
  const out: JobFilter = {};
  if (link.job_status) out.job_status = link.job_status;
  if (link.de_id) out.de_id = link.de_id;
  if (link.engineer !== undefined) out.engineer = [link.engineer];
  if (link.end_from) out.end_from = `${link.end_from} 00:00:00`;
  if (link.end_to) out.end_to = `${link.end_to} 23:59:59`;
  if (link.net_sales_max !== undefined) out.net_sales_max = link.net_sales_max;
  return out;
}
