/**
 * The demo mailbox through the router (issue 30): a few recent threads name a demo job the ways
 * real mail does (the job number in the subject, the job's reply address), two name a job only in
 * their text, the older threads carry the number of a job after the first three in their subject
 * (a brand with no more jobs leaves them unnamed), and then every demo mail is routed as the sync
 * would route it. A new user sees filed mails with their reasons and a short triage list.
 */
import { jobReplyAddress } from '../mail/routing/clues';
import { routeBatch } from '../mail/routing/route';
import { routingDb } from '../mail/routing/tables';
import type { Address, MailDb } from '../mail/tables';

export interface DemoMail {
  message_id: string;
  in_reply_to: string | null;
  mail_references: string[];
  mail_subject: string;
  mail_from: Address;
  mail_to_arr: Address[];
  mail_date: Date;
  mail_text: string;
  mail_html: string | null;
  folder: string;
  root: string;
}

const THREAD_ROOT = /^<seed-\d+-0@demo\.test>$/;

/** Jobs the recent threads name; the older ones name the jobs after them. */
const RECENT_JOBS = 3;

/** The threads' first Message-IDs, oldest thread first (the last ones begin one each recent day). */
const threadRoots = (mails: DemoMail[]) => [...new Set(mails.map((m) => m.root).filter((r) => THREAD_ROOT.test(r)))];

/** Points four of the last `recent` threads and the older ones at demo jobs (in place, before the mails are stored). */
export function aimAtJobs(mails: DemoMail[], jobNumbers: string[], office: Address, recent: number): void {
  if (!jobNumbers.length) return;
  const all = threadRoots(mails);
  const roots = all.slice(-recent);
  const first = (root: string | undefined) => mails.find((m) => m.message_id === root);
  const job = (i: number) => jobNumbers[i % jobNumbers.length];
  // Older threads, each a whole conversation about one of the later jobs.
  const later = jobNumbers.slice(RECENT_JOBS);
  const older = later.length ? all.slice(0, -recent) : [];
  older.forEach((root, n) => {
    for (const m of mails) if (m.root === root) m.mail_subject = `${m.mail_subject} (${later[n % later.length]})`;
  });
  // Yesterday's thread names the job in its subject; the answers follow by their reply headers.
  const bySubject = first(roots.at(-2));
  if (bySubject) bySubject.mail_subject = `${bySubject.mail_subject} (${job(0)})`;
  // An answer to a mail sent from a job, written to the job's reply address.
  const byAddress = first(roots.at(-4));
  if (byAddress) byAddress.mail_to_arr = [{ name: office.name, address: jobReplyAddress(office.address, job(1)) }];
  // Only the text names a job (in two threads): the router does not file them, triage suggests the job.
  for (const byText of [first(roots.at(-3)), first(roots.at(-5))]) {
    if (!byText) continue;
    byText.mail_text = `${byText.mail_text}\n\nThis is about job ${job(2)}.`;
    if (byText.mail_html) byText.mail_html = `${byText.mail_html}<p>This is about job ${job(2)}.</p>`;
  }
}

/** Routes every demo mail as the sync does: first mails first, so the answers find them. */
export async function routeDemoMails(db: MailDb, accountId: number, mails: DemoMail[], ids: Map<string, number>): Promise<void> {
  const stored = (list: DemoMail[]) =>
    list.map((m) => ({
      ma_id: ids.get(m.message_id)!,
      mail: {
        message_id: m.message_id,
        in_reply_to: m.in_reply_to,
        mail_references: m.mail_references,
        mail_subject: m.mail_subject,
        mail_from: m.mail_from,
        mail_to_arr: m.mail_to_arr,
        mail_cc_arr: [],
        mail_text: m.mail_text,
      },
    }));
  await routeBatch(routingDb(db), accountId, stored(mails.filter((m) => m.in_reply_to === null)));
  await routeBatch(routingDb(db), accountId, stored(mails.filter((m) => m.in_reply_to !== null)));
}
