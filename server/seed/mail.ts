/**
 * The demo brand's shared mailbox "Office" (office@demo.test): no incoming server, so the client
 * can be seen without one. A few hundred mails written straight into mails + mail_locations:
 * threads with replies, HTML and plain text, English, Hungarian and German, some unread or
 * flagged, the recent ones filed to demo jobs by the router or waiting in triage (mailRouting.ts), thirty with attached files (mailAttachments.ts), one hostile HTML body; the Junk folder holds the hostile
 * corpus (server/mail/client/hostileCorpus.ts) that the browser tests open one by one. The texts
 * and order are fixed; the dates count back from the seed time in calendar days of the demo time zone,
 * so the date groups all show (today and yesterday included) whatever the hour of seeding.
 */
import { STAFF } from '../../core/access/roles';
import { brandDb, type RootDb } from '../db/types';
import { HOSTILE_CORPUS, readableLine } from '../mail/client/hostileCorpus';
import { mailDb, type Address, type MailDb } from '../mail/tables';
import { CORRESPONDENTS, HOSTILE_HTML, SIGNATURES, TOPICS, asHtml, type Topic } from './mailCorpus';
import { seededRandom } from './jobs';
import { localDayStart } from './demoCalendar';
import { storeDemoAttachments } from './mailAttachments';
import { aimAtJobs, routeDemoMails } from './mailRouting';
import type { FileStore } from '../files/storage';

export const OFFICE: Address = { name: 'Office', address: 'office@demo.test' };
export const CORPUS_SENDER: Address = { name: 'Corpus Probe', address: 'probe@hostile-corpus.example' };
/** Fifteen topics, each repeated with a different correspondent this many times. */
const ROUNDS = 9;
const HOUR = 3_600_000;

interface SeedMail {
  message_id: string;
  in_reply_to: string | null;
  mail_references: string[];
  mail_subject: string;
  mail_from: Address;
  mail_to_arr: Address[];
  mail_date: Date;
  mail_html: string | null;
  mail_text: string;
  is_seen: boolean;
  is_flagged: boolean;
  is_answered: boolean;
  folder: 'INBOX' | 'Sent' | 'Archive' | 'Junk';
  root: string;
}

function threadMails(topic: Topic, person: Address, n: number, start: Date, rand: () => number): SeedMail[] {
  const out: SeedMail[] = [];
  const messages = [topic.first, ...topic.answers];
  let at = start.getTime();
  const root = `<seed-${n}-0@demo.test>`;
  messages.forEach((body, i) => {
    const fromOffice = i % 2 === 1;
    const id = `<seed-${n}-${i}@demo.test>`;
    const prev = out[i - 1];
    const text = `${body}\n${fromOffice ? SIGNATURES[topic.lang] : person.name}`;
    const isHtml = !!topic.html && (i === 0 || rand() < 0.5);
    out.push({
      message_id: id,
      in_reply_to: prev?.message_id ?? null,
      mail_references: out.map((m) => m.message_id),
      mail_subject: i === 0 ? topic.subject : `${topic.lang === 'de' ? 'AW' : 'Re'}: ${topic.subject}`,
      mail_from: fromOffice ? OFFICE : person,
      mail_to_arr: [fromOffice ? person : OFFICE],
      mail_date: new Date(Math.floor(at / 1000) * 1000),
      mail_html: isHtml ? asHtml(text, rand() < 0.4) : null,
      mail_text: text,
      is_seen: true,
      is_flagged: false,
      is_answered: !fromOffice && i < messages.length - 1,
      folder: fromOffice ? 'Sent' : 'INBOX',
      root,
    });
    at += Math.round((1 + rand() * 20) * HOUR);
  });
  return out;
}

/** Days, today included, on which a thread begins whatever the hour of seeding (today, yesterday, this week, last week). */
export const RECENT_DAYS = 10;

/** A thread's first mail `daysBack` calendar days ago in the demo time zone: during working hours, or for today shortly before `now`. */
function recentStart(now: Date, daysBack: number): Date {
  const dayStart = localDayStart(now, daysBack).getTime();
  if (daysBack === 0) return new Date(Math.max(dayStart, now.getTime() - 10 * 60_000));
  return new Date(dayStart + (8 + ((daysBack * 5) % 9)) * HOUR);
}

/** All demo mails, oldest thread first; the last threads end around the seed time. */
export function demoMails(now: Date): SeedMail[] {
  const rand = seededRandom(5150);
  const all: SeedMail[] = [];
  const threads = TOPICS.length * ROUNDS;
  for (let n = 0; n < threads; n += 1) {
    const topic = TOPICS[n % TOPICS.length];
    const person = CORRESPONDENTS[(n * 7 + Math.floor(n / TOPICS.length)) % CORRESPONDENTS.length];
    // Spread over about 120 days, denser towards today; the last RECENT_DAYS threads begin one a
    // calendar day, today's at most ten minutes before the seeding (never before its midnight).
    const age = Math.pow((threads - n) / threads, 2) * 120 * 24 * HOUR;
    const spread = new Date(now.getTime() - age - 3 * 24 * HOUR * rand());
    const daysBack = threads - 1 - n;
    const mails = threadMails(topic, person, n, daysBack < RECENT_DAYS ? recentStart(now, daysBack) : spread, rand);
    all.push(...mails.filter((m) => m.mail_date.getTime() <= now.getTime()));
  }
  const recent = now.getTime() - 3 * 24 * HOUR;
  all.forEach((m, i) => {
    if (m.folder === 'INBOX' && m.mail_date.getTime() > recent) m.is_seen = i % 3 === 0;
    if (i % 11 === 0) m.is_flagged = true;
    if (m.folder === 'INBOX' && m.mail_date.getTime() < now.getTime() - 60 * 24 * HOUR && i % 4 === 0) m.folder = 'Archive';
  });
  all.push({
    message_id: '<seed-hostile@demo.test>',
    in_reply_to: null,
    mail_references: [],
    mail_subject: 'Urgent: invoice payment required',
    mail_from: { name: 'Accounts Department', address: 'billing@suspicious-invoices.example' },
    mail_to_arr: [OFFICE],
    mail_date: new Date(Math.floor(now.getTime() / 1000) * 1000 - 5 * HOUR),
    mail_html: HOSTILE_HTML,
    mail_text: 'Please review the attached invoice urgently.',
    is_seen: false,
    is_flagged: false,
    is_answered: false,
    folder: 'INBOX',
    root: '<seed-hostile@demo.test>',
  });
  return [...all, ...corpusMails(now)];
}

/** The hostile corpus in Junk, two days old, one minute apart, already read. */
function corpusMails(now: Date): SeedMail[] {
  const start = Math.floor(now.getTime() / 1000) * 1000 - 2 * 24 * HOUR;
  return HOSTILE_CORPUS.map((m, i) => ({
    message_id: `<seed-corpus-${m.id}@demo.test>`,
    in_reply_to: null,
    mail_references: [],
    mail_subject: `Hostile HTML ${String(i + 1).padStart(2, '0')}: ${m.title}`,
    mail_from: CORPUS_SENDER,
    mail_to_arr: [OFFICE],
    mail_date: new Date(start + i * 60_000),
    mail_html: m.html,
    mail_text: `${readableLine(m.id)}: ${m.title}.`,
    is_seen: true,
    is_flagged: false,
    is_answered: false,
    folder: 'Junk',
    root: `<seed-corpus-${m.id}@demo.test>`,
  }));
}

async function createAccount(db: MailDb): Promise<{ accountId: number; folders: Record<SeedMail['folder'], number> }> {
  const account = await db
    .insertInto('mailaccounts')
    .values({ ma_name: 'Office', ma_email: OFFICE.address, ma_color: '#1976d2' })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  const accountId = account.mailaccount_id;
  await db
    .insertInto('mailaliases')
    .values({ mailaccount_id: accountId, mal_email: OFFICE.address, mal_name: 'Demo Maintenance Office', mal_is_default: true })
    .execute();
  const staff = await db
    .selectFrom('users')
    .select(['us_id', 'role'])
    .where('role', 'in', [...STAFF])
    .execute();
  if (staff.length) {
    await db
      .insertInto('mailaccount_users')
      .values(staff.map((u) => ({ mailaccount_id: accountId, us_id: u.us_id, maxu_default: true, maxu_user_can_send: true, maxu_user_can_delete: true })))
      .execute();
  }
  const folders = {} as Record<SeedMail['folder'], number>;
  for (const [path, type] of [
    ['INBOX', 'inbox'],
    ['Sent', 'sent'],
    ['Archive', 'archive'],
    ['Junk', 'junk'],
  ] as const) {
    const row = await db
      .insertInto('imapfolders')
      .values({
        mailaccount_id: accountId,
        ifolder_path: path,
        ifolder_name: path === 'INBOX' ? 'Inbox' : path,
        ifolder_type: type,
        uidvalidity: 1,
        is_default_seen: type === 'sent',
      })
      .returning('ifolder_id')
      .executeTakeFirstOrThrow();
    folders[path] = row.ifolder_id;
  }
  return { accountId, folders };
}

/** The demo mailbox; attachment bytes go to `store`, else to the data folder's file store (as the app's). */
export async function createDemoMail(root: RootDb, schema: string, now = new Date(), store?: FileStore): Promise<void> {
  const db = mailDb(brandDb(root, schema));
  const { accountId, folders } = await createAccount(db);
  const mails = demoMails(now);
  const jobs = await db.selectFrom('jobs').select('job_number').where('job_number', 'is not', null).orderBy('job_id').limit(20).execute();
  aimAtJobs(
    mails,
    jobs.map((j) => j.job_number!),
    OFFICE,
    RECENT_DAYS,
  );
  const ids = new Map<string, number>();
  for (let i = 0; i < mails.length; i += 100) {
    const batch = mails.slice(i, i + 100);
    const rows = await db
      .insertInto('mails')
      .values(
        batch.map(({ folder, root: _root, ...m }) => ({
          ...m,
          mailaccount_id: accountId,
          mail_from: JSON.stringify(m.mail_from),
          mail_to_arr: JSON.stringify(m.mail_to_arr),
          mail_size: Buffer.byteLength(m.mail_text) + Buffer.byteLength(m.mail_html ?? '') + 600,
        })),
      )
      .returning(['ma_id', 'message_id'])
      .execute();
    rows.forEach((r) => ids.set(r.message_id, Number(r.ma_id)));
  }
  const uids: Record<string, number> = {};
  const locations = mails.map((m) => {
    uids[m.folder] = (uids[m.folder] ?? 0) + 1;
    return { ifolder_id: folders[m.folder], uid: uids[m.folder], uidvalidity: 1, ma_id: ids.get(m.message_id)!, mail_date: m.mail_date };
  });
  for (let i = 0; i < locations.length; i += 200)
    await db
      .insertInto('mail_locations')
      .values(locations.slice(i, i + 200))
      .execute();
  for (const rootId of new Set(mails.map((m) => m.root))) {
    const members = mails.filter((m) => m.root === rootId).map((m) => ids.get(m.message_id)!);
    await db
      .updateTable('mails')
      .set({ thread_id: ids.get(rootId)! })
      .where('ma_id', 'in', members)
      .execute();
  }
  await routeDemoMails(db, accountId, mails, ids);
  const ordinary = mails.filter((m) => m.folder !== 'Junk' && m.mail_html !== HOSTILE_HTML);
  await storeDemoAttachments(
    db,
    ordinary.map((m) => ({ maId: ids.get(m.message_id)!, subject: m.mail_subject })),
    store,
  );
}
