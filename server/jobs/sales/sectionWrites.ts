/**
 * The changes behind the sales routes, each run inside salesWrite's transaction with the job
 * locked. Each records one history entry; a final section refuses before anything is written.
 */
import { notifySalesSection } from '../../notifications/jobEvents';
import { diff, recordHistory } from '../history';
import type { JobDb } from '../tables';
import { sectionForUpdate, type SectionRow } from './queries';
import { checkOrder, parseSectionBody, type ItemValues, type SectionFields } from './sectionBody';
import { salesSiteValues, todayPlusDays } from './siteValues';
import { moneyText, qtyText } from './wireNum';
import { refuseFinal, type SalesWriteContext } from './write';

const purchaseRows = (rows: readonly { sales_kind: string }[]) => rows.filter((r) => r.sales_kind === 'purchase').length;

async function insertItems(db: JobDb, jssId: number, items: readonly ItemValues[]): Promise<void> {
  if (items.length)
    await db
      .insertInto('job_sales_items')
      .values(items.map((it) => ({ ...it, jss_id: jssId })))
      .execute();
}

async function nextOrdering(db: JobDb, jobId: number): Promise<number> {
  const row = await db
    .selectFrom('job_sales_sections')
    .select((eb) => eb.fn.max('jss_ordering').as('max'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Locks or unlocks every cost linked to the section, with the section's flag. */
async function setSectionCostsLocked(db: JobDb, jssId: number, locked: boolean): Promise<void> {
  await db.updateTable('job_costs').set({ jc_locked: locked, updated_at: new Date() }).where('jss_id', '=', jssId).execute();
}

export async function createSection({ db, job, usId }: SalesWriteContext, input: unknown): Promise<void> {
  const { fields, items } = parseSectionBody(input);
  const site = await salesSiteValues(db);
  const values = {
    job_id: job.job_id,
    jss_title: fields.jss_title ?? null,
    jss_invoice_type: fields.jss_invoice_type ?? 'QUOTE',
    jss_calc_with: fields.jss_calc_with ?? null,
    jss_due_date: fields.jss_due_date === undefined ? todayPlusDays(site.invoiceDueDays) : fields.jss_due_date,
    jss_expiry_days: fields.jss_expiry_days ?? site.quoteExpiryDays,
    jss_is_final: fields.jss_is_final ?? false,
    jss_costs_locked: fields.jss_costs_locked ?? false,
    jss_ordering: await nextOrdering(db, job.job_id),
  };
  const { jss_id } = await db.insertInto('job_sales_sections').values(values).returning('jss_id').executeTakeFirstOrThrow();
  await insertItems(db, jss_id, items ?? []);
  await recordHistory(db, {
    job_id: job.job_id,
    us_id: usId,
    entity: 'sales',
    entityId: jss_id,
    action: 'create',
    changes: { ...values, rows: items?.length ?? 0 },
  });
  await notifySalesSection(db, job, usId, jss_id, null, { jss_invoice_type: values.jss_invoice_type, purchaseRows: purchaseRows(items ?? []) });
}

export async function patchSection({ db, job, usId }: SalesWriteContext, jssId: number, input: unknown): Promise<void> {
  const section = await sectionForUpdate(db, job.job_id, jssId);
  refuseFinal(section);
  const { fields, items } = parseSectionBody(input);
  const changes: Record<string, unknown> = diff(section as unknown as Record<string, unknown>, fields as Record<string, unknown>);
  if (Object.keys(fields).length) {
    await db
      .updateTable('job_sales_sections')
      .set({ ...fields, updated_at: new Date() })
      .where('jss_id', '=', jssId)
      .execute();
  }
  if (fields.jss_costs_locked !== undefined && fields.jss_costs_locked !== section.jss_costs_locked) {
    await setSectionCostsLocked(db, jssId, fields.jss_costs_locked);
  }
  let rowsBefore: { sales_kind: string }[] = [];
  if (items) {
    const before = await db
      .selectFrom('job_sales_items')
      .select(['sales_kind', 'item_code', 'qty', 'net_unit_sales', 'net_amount'])
      .where('jss_id', '=', jssId)
      .orderBy('ordering')
      .execute();
    await db.deleteFrom('job_sales_items').where('jss_id', '=', jssId).execute();
    await insertItems(db, jssId, items);
    changes.rows = {
      from: before,
      to: items.map(({ sales_kind, item_code, qty, net_unit_sales, net_amount }) => ({ sales_kind, item_code, qty, net_unit_sales, net_amount })),
    };
    rowsBefore = before;
  }
  if (!Object.keys(changes).length) return;
  const action =
    fields.jss_costs_locked === false && section.jss_costs_locked ? 'unlock' : fields.jss_costs_locked && !section.jss_costs_locked ? 'lock' : 'update';
  await recordHistory(db, { job_id: job.job_id, us_id: usId, entity: 'sales', entityId: jssId, action, changes });
  await notifySalesSection(
    db,
    job,
    usId,
    jssId,
    { jss_invoice_type: section.jss_invoice_type, purchaseRows: purchaseRows(rowsBefore) },
    { jss_invoice_type: fields.jss_invoice_type ?? section.jss_invoice_type, purchaseRows: items ? purchaseRows(items) : purchaseRows(rowsBefore) },
  );
}

export async function deleteSection({ db, job, usId }: SalesWriteContext, jssId: number): Promise<void> {
  const section = await sectionForUpdate(db, job.job_id, jssId);
  refuseFinal(section);
  await db.deleteFrom('job_sales_sections').where('jss_id', '=', jssId).execute();
  await recordHistory(db, { job_id: job.job_id, us_id: usId, entity: 'sales', entityId: jssId, action: 'delete', changes: sectionSummary(section) });
}

function sectionSummary(s: SectionRow): Record<string, unknown> {
  return { jss_title: s.jss_title, jss_invoice_type: s.jss_invoice_type, jss_is_final: s.jss_is_final };
}

export async function duplicateSection({ db, job, usId }: SalesWriteContext, jssId: number): Promise<void> {
  const source = await sectionForUpdate(db, job.job_id, jssId);
  const copy: SectionFields & { job_id: number; jss_ordering: number } = {
    job_id: job.job_id,
    jss_title: source.jss_title,
    jss_invoice_type: source.jss_invoice_type as SectionFields['jss_invoice_type'],
    jss_calc_with: source.jss_calc_with,
    jss_due_date: source.jss_due_date,
    jss_expiry_days: source.jss_expiry_days,
    jss_ordering: await nextOrdering(db, job.job_id),
  };
  const { jss_id } = await db.insertInto('job_sales_sections').values(copy).returning('jss_id').executeTakeFirstOrThrow();
  const rows = await db.selectFrom('job_sales_items').selectAll().where('jss_id', '=', source.jss_id).orderBy('ordering').orderBy('sales_id').execute();
  await insertItems(
    db,
    jss_id,
    rows.map((r, i) => ({
      sales_kind: r.sales_kind as ItemValues['sales_kind'],
      ordering: i,
      item_code: r.item_code,
      description: r.description,
      qty: qtyText(r.qty),
      net_unit_cost: moneyText(r.net_unit_cost),
      net_unit_sales: moneyText(r.net_unit_sales),
      tax_rate: moneyText(r.tax_rate),
      net_amount: moneyText(r.net_amount),
    })),
  );
  await recordHistory(db, {
    job_id: job.job_id,
    us_id: usId,
    entity: 'sales',
    entityId: jss_id,
    action: 'duplicate',
    changes: { from_jss_id: source.jss_id, rows: rows.length },
  });
}

export async function reorderSections({ db, job, usId }: SalesWriteContext, order: number[]): Promise<void> {
  const current = await db
    .selectFrom('job_sales_sections')
    .select(['jss_id', 'jss_ordering'])
    .where('job_id', '=', job.job_id)
    .orderBy('jss_ordering')
    .orderBy('jss_id')
    .forUpdate()
    .execute();
  checkOrder(
    order,
    current.map((s) => s.jss_id),
  );
  for (const [i, jssId] of order.entries()) {
    await db.updateTable('job_sales_sections').set({ jss_ordering: i }).where('jss_id', '=', jssId).execute();
  }
  await recordHistory(db, {
    job_id: job.job_id,
    us_id: usId,
    entity: 'sales',
    action: 'reorder',
    changes: { jss_ids: { from: current.map((s) => s.jss_id), to: order } },
  });
}

export async function reorderItems({ db, job, usId }: SalesWriteContext, jssId: number, order: number[]): Promise<void> {
  const section = await sectionForUpdate(db, job.job_id, jssId);
  refuseFinal(section);
  const current = await db
    .selectFrom('job_sales_items')
    .select('sales_id')
    .where('jss_id', '=', section.jss_id)
    .orderBy('ordering')
    .orderBy('sales_id')
    .execute();
  checkOrder(
    order,
    current.map((r) => r.sales_id),
  );
  for (const [i, salesId] of order.entries()) {
    await db.updateTable('job_sales_items').set({ ordering: i }).where('sales_id', '=', salesId).execute();
  }
  await recordHistory(db, {
    job_id: job.job_id,
    us_id: usId,
    entity: 'sales',
    entityId: section.jss_id,
    action: 'reorder',
    changes: { sales_ids: { from: current.map((r) => r.sales_id), to: order } },
  });
}
