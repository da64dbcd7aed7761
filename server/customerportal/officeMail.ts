/**
 * "Message the office" also goes out as a mail (../shared/INTEGRATIONS.md: a notification plus a
 * mail to the job's operator), through the brand's system mail: to the job's assigned operators
 * (the visible operator-group users on the job with an address), else to the brand's office address,
 * the From of its default outgoing server. Reply-To is the customer, so the office answers them directly.
 */
import { OPERATOR_GROUP } from '../../core/access/roles';
import { customerText } from '../../core/customerportal/messages';
import type { BrandDb } from '../db/types';
import { sendSystemMail } from '../publicauth/systemMail';
import type { CustomerDb } from './tables';

export interface OfficeMessage {
  jobId: number;
  jobNumber: string;
  customer: { name: string; email: string };
  text: string;
}

export async function officeRecipients(db: CustomerDb, jobId: number): Promise<string[]> {
  const operators = await db
    .selectFrom('job_assigned_users as a')
    .innerJoin('users as u', 'u.us_id', 'a.us_id')
    .select('u.email')
    .where('a.job_id', '=', jobId)
    .where('u.role', 'in', [...OPERATOR_GROUP])
    .where('u.is_hidden', '=', false)
    .orderBy('u.us_id')
    .execute();
  const addresses = [...new Set(operators.map((o) => o.email).filter((e): e is string => !!e))];
  if (addresses.length) return addresses;
  const office = await (db as unknown as BrandDb)
    .selectFrom('mailservers' as never)
    .select('mailserver_from' as never)
    .where('mailserver_is_default' as never, '=', true as never)
    .executeTakeFirst();
  const from = (office as { mailserver_from?: string } | undefined)?.mailserver_from;
  return from ? [from] : [];
}

export async function mailOffice(db: CustomerDb, m: OfficeMessage): Promise<void> {
  const to = await officeRecipients(db, m.jobId);
  if (!to.length) return;
  const params = { name: m.customer.name || m.customer.email, number: m.jobNumber };
  await sendSystemMail(db as unknown as BrandDb, {
    to: to.join(', '),
    replyTo: m.customer.email,
    subject: customerText('mails.officeSubject', params),
    text: `${customerText('mails.officeIntro', params)}\n\n${m.text}\n`,
  });
}
