/**
 * The demo customer's portal (issue 24): customer@demo.test is linked to the client and property
 * manager of the site of their jobs, with operator@demo.test as their default operator; one of
 * their QUOTED jobs has a quote waiting for their decision, and one of their other jobs has a
 * document (a one-page PDF report) marked visible to the client, and mails with the customer about
 * it (customerPortalMails.ts). Runs after the jobs and the mail.
 */
import { brandDb, type RootDb } from '../db/types';
import { customerDb } from '../customerportal/tables';
import type { FileStore } from '../files/storage';
import { attachmentTarget, storeAttachmentBytes } from '../mail/sync/attachmentFiles';
import type { MailDb } from '../mail/tables';
import { simplePdf } from './mailAttachments';
import { createDemoCustomerMails } from './customerPortalMails';

/** `store`: where the document's bytes go; default the data folder's file store, as the app's. */
export async function createDemoCustomerPortal(root: RootDb, schema: string, store?: FileStore): Promise<void> {
  const bound = brandDb(root, schema);
  const db = customerDb(bound);
  const users = await db.selectFrom('users').select(['us_id', 'email']).where('email', 'in', ['customer@demo.test', 'operator@demo.test']).execute();
  const customer = users.find((u) => u.email === 'customer@demo.test')?.us_id;
  const operator = users.find((u) => u.email === 'operator@demo.test')?.us_id;
  if (!customer) return;
  const jobs = await db
    .selectFrom('jobs')
    .select(['job_id', 'job_status', 'co_id', 'pm_id', 'js_id'])
    .where('customer_us_id', '=', customer)
    .where('job_number', 'is not', null)
    .orderBy('job_id')
    .execute();
  if (!jobs.length) return;

  const clients = [...new Set(jobs.map((j) => j.co_id).filter((id): id is number => id !== null))].slice(0, 2);
  const managers = [...new Set(jobs.map((j) => j.pm_id).filter((id): id is number => id !== null))].slice(0, 1);
  if (clients.length)
    await db
      .insertInto('user_client_contacts')
      .values(clients.map((co_id) => ({ us_id: customer, co_id })))
      .execute();
  if (managers.length)
    await db
      .insertInto('user_property_managers')
      .values(managers.map((pm_id) => ({ us_id: customer, pm_id })))
      .execute();
  if (operator) await db.insertInto('user_default_operators').values({ us_id: customer, operator_us_id: operator }).execute();

  // A quote to approve: the customer's QUOTED job, with a quote section of its own when it has none.
  const quoted = jobs.find((j) => j.job_status === 'QUOTED');
  if (quoted) {
    const section = await db
      .selectFrom('job_sales_sections')
      .select('jss_id')
      .where('job_id', '=', quoted.job_id)
      .where('jss_invoice_type', '=', 'QUOTE')
      .executeTakeFirst();
    if (!section) {
      const { jss_id } = await db
        .insertInto('job_sales_sections')
        .values({ job_id: quoted.job_id, jss_title: 'Repair as inspected', jss_invoice_type: 'QUOTE' })
        .returning('jss_id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('job_sales_items')
        .values([
          {
            jss_id,
            sales_kind: 'sales',
            ordering: 1,
            description: 'Labour (2 engineers, half a day)',
            qty: 1,
            net_unit_cost: 180,
            net_unit_sales: 260,
            tax_rate: 20,
            net_amount: '260.00',
          },
          {
            jss_id,
            sales_kind: 'sales',
            ordering: 2,
            description: 'Materials',
            qty: 1,
            net_unit_cost: 60,
            net_unit_sales: 85,
            tax_rate: 20,
            net_amount: '85.00',
          },
        ])
        .execute();
    }
  }

  // A document they can open, filed on a job of theirs that is not the quote.
  const withDocument = jobs.find((j) => j.job_id !== quoted?.job_id && j.job_status !== 'QUOTED') ?? jobs[0];
  const content = simplePdf(['Inspection report', 'Roof inspected: two slipped tiles refixed.', 'Gutters cleared. No further work needed.']);
  const bytes = await storeAttachmentBytes(
    attachmentTarget(bound as unknown as MailDb, store),
    { name: 'Inspection report.pdf', contentType: 'application/pdf', content },
    new Date(),
  );
  const file = await db
    .insertInto('files')
    .values({
      f_grp_id: 'GENERALDOCUMENTS',
      f_name: bytes.name,
      f_storage_name: bytes.storageName,
      f_size: bytes.size,
      f_type: bytes.mime,
      f_added: bytes.added,
      f_added_by: operator ?? null,
    })
    .returning('file_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('file_job_links').values({ file_id: file.file_id, job_id: withDocument.job_id, fxj_visible_to_client: true }).execute();
  await createDemoCustomerMails(root, schema, withDocument.job_id);
}
