/**
 * The demo customer's job correspondence (issue 24): on the job with the visible document, the
 * office's mail to customer@demo.test and their answer (both shown on the portal's job page), and an
 * office mail to a supplier about the same job, which stays internal. In the office's Inbox and Sent.
 */
import { customerDb } from '../customerportal/tables';
import { brandDb, type RootDb } from '../db/types';
import { recordDecisions, routeBatch } from '../mail/routing/route';
import { routingDb } from '../mail/routing/tables';
import { mailDb } from '../mail/tables';
import { OFFICE } from './mail';

const HOUR = 3_600_000;

export async function createDemoCustomerMails(root: RootDb, schema: string, jobId: number, now = new Date()): Promise<void> {
  const db = mailDb(brandDb(root, schema));
  const account = await db.selectFrom('mailaccounts').select('mailaccount_id').where('ma_email', '=', OFFICE.address).executeTakeFirst();
  if (!account) return;
  const { job_number } = await customerDb(db).selectFrom('jobs').select('job_number').where('job_id', '=', jobId).executeTakeFirstOrThrow();
  // The demo customer's job is a numbered one; a draft has no correspondence.
  if (!job_number) return;
  const customer = { name: 'Demo Customer', address: 'customer@demo.test' };
  const supplier = { name: 'Roof Supplies Ltd', address: 'orders@roof-supplies.example' };
  const subject = `Inspection report for job ${job_number}`;
  const mails = [
    {
      from: OFFICE,
      to: customer,
      subject,
      text: 'Hello,\n\nThe inspection report is on your portal. The gutters are clear now.\n\nKind regards,\nOffice',
      ago: 30,
      folder: 'Sent',
    },
    { from: customer, to: OFFICE, subject: `Re: ${subject}`, text: 'Thank you, that was quick.\n\nDemo Customer', ago: 26, folder: 'INBOX' },
    {
      from: OFFICE,
      to: supplier,
      subject: `Tiles for job ${job_number}`,
      text: 'Please send two replacement tiles (internal order).',
      ago: 40,
      folder: 'Sent',
    },
  ] as const;
  for (const [i, m] of mails.entries()) {
    const row = await db
      .insertInto('mails')
      .values({
        mailaccount_id: account.mailaccount_id,
        message_id: `<seed-portal-${i}@demo.test>`,
        mail_subject: m.subject,
        mail_from: JSON.stringify(m.from),
        mail_to_arr: JSON.stringify([m.to]),
        mail_date: new Date(Math.floor((now.getTime() - m.ago * HOUR) / 1000) * 1000),
        mail_text: m.text,
        mail_size: Buffer.byteLength(m.text) + 600,
        is_seen: true,
      })
      .returning(['ma_id', 'mail_date'])
      .executeTakeFirstOrThrow();
    // As the app does: the office's mails were sent from the job, the customer's answer meets the router.
    const routed = routingDb(db);
    if (m.from === OFFICE)
      await recordDecisions(routed, [
        { ma_id: row.ma_id, decision: { job: { job_id: jobId, job_number }, reason: 'sent_from_job', params: { job: job_number }, suggestions: [] } },
      ]);
    else
      await routeBatch(routed, account.mailaccount_id, [
        {
          ma_id: row.ma_id,
          mail: {
            message_id: `<seed-portal-${i}@demo.test>`,
            in_reply_to: null,
            mail_references: [],
            mail_subject: m.subject,
            mail_from: m.from,
            mail_to_arr: [m.to],
            mail_cc_arr: [],
            mail_text: m.text,
          },
        },
      ]);
    const folder = await db
      .selectFrom('imapfolders')
      .select('ifolder_id')
      .where('mailaccount_id', '=', account.mailaccount_id)
      .where('ifolder_path', '=', m.folder)
      .executeTakeFirst();
    if (!folder) continue;
    const last = await db
      .selectFrom('mail_locations')
      .select((eb) => eb.fn.max('uid').as('uid'))
      .where('ifolder_id', '=', folder.ifolder_id)
      .executeTakeFirst();
    await db
      .insertInto('mail_locations')
      .values({ ifolder_id: folder.ifolder_id, uid: Number(last?.uid ?? 0) + 1, uidvalidity: 1, ma_id: row.ma_id, mail_date: row.mail_date })
      .execute();
  }
}
