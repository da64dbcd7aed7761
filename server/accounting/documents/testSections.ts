/**
 * Test helper of the document pushes: a job with a client and a section to push (the brand is
 * connected with ../testConnect).
 */
import type { RootDb } from '../../db/types';
import type { AnyDb } from '../../resources/hooks';
import { uniqueName } from '../../test/helpers';
import { brandJobs, makeJob } from '../../jobs/sales/testJobs';

/** A job of the brand's with a client of its own (no Xero id yet) and one section with the given rows. */
export async function jobWithSection(
  root: RootDb,
  schema: string,
  section: {
    type?: string;
    title?: string;
    due?: string;
    expiryDays?: number;
    rows: { code?: string; desc: string; qty: number; unit: string; tax: number }[];
  },
): Promise<{ jobId: number; jssId: number; coId: number; clientName: string }> {
  const db = brandJobs(root, schema);
  // A test brand starts without departments; a job needs one.
  if (!(await db.selectFrom('departments').select('de_id').executeTakeFirst()))
    await (db as unknown as AnyDb)
      .insertInto('departments')
      .values({ de_name: 'Repairs', de_prefix: uniqueName('R') })
      .onConflict((oc) => oc.doNothing())
      .execute();
  const jobId = await makeJob(root, { schema });
  const clientName = uniqueName('Client Ltd');
  const { co_id } = await db
    .insertInto('contacts')
    .values({ co_type: 'CLIENT', co_name: clientName, co_company: null })
    .returning('co_id')
    .executeTakeFirstOrThrow();
  await db.updateTable('jobs').set({ co_id }).where('job_id', '=', jobId).execute();
  const { jss_id } = await db
    .insertInto('job_sales_sections')
    .values({
      job_id: jobId,
      jss_title: section.title ?? 'Bathroom',
      jss_invoice_type: section.type ?? 'INVOICE',
      jss_due_date: section.due ?? null,
      jss_expiry_days: section.expiryDays ?? 60,
    })
    .returning('jss_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('job_sales_items')
    .values(
      section.rows.map((r, i) => ({
        jss_id,
        sales_kind: 'invoice',
        ordering: i,
        item_code: r.code ?? null,
        description: r.desc,
        qty: r.qty,
        net_unit_cost: 0,
        net_unit_sales: r.unit,
        tax_rate: r.tax,
        net_amount: (r.qty * Number(r.unit)).toFixed(2),
      })),
    )
    .execute();
  return { jobId, jssId: jss_id, coId: co_id, clientName };
}
