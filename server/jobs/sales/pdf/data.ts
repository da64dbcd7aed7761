/**
 * Reads what a sales section's PDF needs, under the same record rule as reading the job's sales
 * (readableJob: another brand's job or one the user may not see is 404): the job, the section of
 * that job (another job's section is 404 too), its rows in their order, the job's client and site,
 * the site configuration, the brand's name and logo, and the user's language and date settings.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { InvoiceType } from '../../../../core/enums';
import { jobNumberOf } from '../../../../core/jobs/sales/pdfNames';
import { DEFAULT_SETTINGS } from '../../../../core/usersettings/userSettings';
import { notFound } from '../../../envelope/errors';
import { readableJob, type JobRow } from '../../access';
import { jobDb } from '../../tables';
import { salesSiteValues } from '../siteValues';
import type { SalesPdfSource } from './content';
import { pdfLogo } from './logo';

/** The contact columns a document shows; the jobs' own table type names only those the sheet uses. */
type ContactDb = Kysely<{ contacts: { co_id: number; co_name: string; co_company: string | null; co_address: string | null; co_email: string | null } }>;

/** 'YYYY-MM-DD' of `now` in a time zone (the user's; UTC when it is not one Intl knows). */
export function dayIn(timeZone: unknown, now = new Date()): string {
  const parts = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return parts(typeof timeZone === 'string' ? timeZone : 'UTC');
  } catch {
    return parts('UTC');
  }
}

export interface SalesPdfSection {
  source: SalesPdfSource;
  jobNumber: string;
  sectionType: InvoiceType;
}

/** `checked`: the job already read under the caller's own rule (the customer portal's scope); else readableJob's. */
export async function loadSalesPdf(
  req: FastifyRequest,
  jobId: number,
  jssId: number,
  type: InvoiceType | undefined,
  checked?: JobRow,
): Promise<SalesPdfSection> {
  const db = jobDb(req.db);
  const job = checked ?? (await readableJob(req, jobId, db));
  const section = await db.selectFrom('job_sales_sections').selectAll().where('jss_id', '=', jssId).where('job_id', '=', jobId).executeTakeFirst();
  if (!section) throw notFound();
  const [items, client, site, values] = await Promise.all([
    db.selectFrom('job_sales_items').selectAll().where('jss_id', '=', jssId).orderBy('ordering').orderBy('sales_id').execute(),
    job.co_id === null
      ? null
      : (db as unknown as ContactDb)
          .selectFrom('contacts')
          .select(['co_name', 'co_company', 'co_address', 'co_email'])
          .where('co_id', '=', job.co_id)
          .executeTakeFirst(),
    job.js_id === null ? null : db.selectFrom('jobsites').select(['js_address', 'js_city', 'js_postcode']).where('js_id', '=', job.js_id).executeTakeFirst(),
    salesSiteValues(db),
  ]);
  const config = req.brand!.config;
  const settings = { ...DEFAULT_SETTINGS, ...req.user!.settings };
  const jobNumber = jobNumberOf(job.job_number, job.job_id);
  const sectionType = section.jss_invoice_type as InvoiceType;
  return {
    jobNumber,
    sectionType,
    source: {
      type: type ?? sectionType,
      brandName: config.customSettings?.visibleName || config.name || config.productName,
      logo: pdfLogo(config.customSettings?.logoUrl),
      jobNumber,
      jobDesc: job.job_desc,
      section,
      items,
      client: client ?? null,
      site: site ?? null,
      currency: values.currency,
      invoiceDueDays: values.invoiceDueDays,
      today: dayIn(settings.timezone),
      language: settings.language,
      dateFormat: typeof settings.dateFormat === 'string' ? settings.dateFormat : DEFAULT_SETTINGS.dateFormat,
    },
  };
}
