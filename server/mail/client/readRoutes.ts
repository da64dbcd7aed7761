/** Reading calls of the mail client: the user's accounts and folders, the list, a job's mails. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { safeTimeZone } from '../../../core/mail/client/dateGroups';
import type { MailAccountInfo } from '../../../core/mail/client/types';
import { MAIL_PAGE_SIZE } from '../../../core/mail/client/types';
import { action, idParams } from '../../http/route';
import { listQuerySchema, parseListQuery, type ListOptions, type ListQuery } from '../../http/listQuery';
import { mailDb } from '../tables';
import { DELETED_MAILS_GATE, MAIL_CLIENT_GATE, linkedAccounts, listedAccountIds, sessionUserId, visibleMail } from './access';
import { mailFilterBody, parseMailFilter } from './filterBody';
import { firstJobId, linkedToJob } from './jobLinks';
import { listMails, mailRowSelect, toListRows } from './mailList';
import { mailEntryRowsSchema } from './wireSchemas';
import { oneEntryPerMessage, type MessageCopy } from '../copies/oneEntry';

const KEY = 'mails';
export const userZone = (req: FastifyRequest) => safeTimeZone(req.user?.settings.timezone ?? 'Europe/London');

/** The mail lists: MAIL_PAGE_SIZE a page, always newest first (a sort in the query is not read). */
export const MAIL_LIST: ListOptions = { pageSize: MAIL_PAGE_SIZE };

/** Rows as one entry per message (a message that reached several shared inboxes, with the accounts it reached). */
function entryRows<R extends Parameters<typeof toListRows>[0][number] & MessageCopy>(req: FastifyRequest, rows: R[], prefer?: (copy: R) => boolean) {
  const entries = oneEntryPerMessage(rows, prefer);
  return toListRows(entries, userZone(req)).map((r, i) => ({ ...r, accounts: entries[i].accounts }));
}

export function registerMailReadRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/accounts',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: "The user's enabled mail accounts with folders and unread counts; a Microsoft mailbox's with its msa_id and whether the user has it selected",
    },
    async (req) => {
      const db = mailDb(req.db);
      const usId = sessionUserId(req);
      const accounts = await db
        .selectFrom('mailaccount_users as u')
        .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'u.mailaccount_id')
        .select(['a.mailaccount_id', 'a.ma_name', 'a.ma_email', 'a.ma_color', 'u.maxu_user_can_send', 'u.maxu_user_can_delete', 'u.maxu_default'])
        .where('u.us_id', '=', usId)
        .where('a.ma_enabled', '=', true)
        .orderBy('u.maxu_default', 'desc')
        .orderBy('a.ma_name')
        .execute();
      const ids = accounts.map((a) => a.mailaccount_id);
      // The selection of a Microsoft mailbox is the user's stored one (SPEC point 4), shared with its dashboard.
      const links = new Map((await linkedAccounts(req, db)).map((l) => [l.mailaccount_id, l]));
      const folders = ids.length
        ? await db
            .selectFrom('imapfolders as f')
            .select(['f.ifolder_id', 'f.mailaccount_id', 'f.ifolder_name', 'f.ifolder_path', 'f.ifolder_type'])
            .where('f.mailaccount_id', 'in', ids)
            .where('f.is_gone', '=', false)
            .orderBy(sql`case f.ifolder_type when 'inbox' then 0 when 'sent' then 2 when 'trash' then 4 else 1 end`)
            .orderBy('f.ifolder_name')
            .execute()
        : [];
      // Unread mails counted once for all the folders, from the unread ones (mails_unread_idx), not a count per folder.
      const unreadRows = ids.length
        ? await db
            .selectFrom('mails as m')
            .innerJoin('mail_locations as l', 'l.ma_id', 'm.ma_id')
            .select(['l.ifolder_id', sql<number>`count(*)::int`.as('n')])
            .where('m.mailaccount_id', 'in', ids)
            .where('m.is_seen', '=', false)
            .where('m.is_deleted', '=', false)
            .groupBy('l.ifolder_id')
            .execute()
        : [];
      const unread = new Map(unreadRows.map((r) => [r.ifolder_id, r.n]));
      const data: MailAccountInfo[] = accounts.map((a) => {
        const own = folders
          .filter((f) => f.mailaccount_id === a.mailaccount_id)
          .map(({ mailaccount_id, ...f }) => ({ ...f, unread: unread.get(f.ifolder_id) ?? 0 }));
        return {
          mailaccount_id: a.mailaccount_id,
          ma_name: a.ma_name,
          ma_email: a.ma_email,
          ma_color: a.ma_color,
          can_send: a.maxu_user_can_send,
          can_delete: a.maxu_user_can_delete,
          msa_id: links.get(a.mailaccount_id)?.msa_id ?? null,
          selected: links.get(a.mailaccount_id)?.selected ?? true,
          unread: own.reduce((sum, f) => sum + f.unread, 0),
          folders: own,
        };
      });
      return { data };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/filter',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Mails of the chosen accounts and folder, newest first, with their date group',
      querystring: listQuerySchema,
      body: mailFilterBody,
    },
    async (req) => {
      const filter = parseMailFilter(req.body);
      // Asked ids outside the user's accounts are simply not searched; none asked: the selected ones.
      const ids = listedAccountIds(await linkedAccounts(req), filter.mailaccount_ids);
      const { rows, total } = await listMails(
        mailDb(req.db),
        ids,
        { ...filter, is_deleted: false },
        parseListQuery(req.query as ListQuery, MAIL_LIST),
        userZone(req),
      );
      return { data: rows, totalCount: total };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/deleted',
      key: KEY,
      gate: DELETED_MAILS_GATE,
      summary: "Deleted mails of the user's accounts (the /dev/deleted-mails page)",
      querystring: listQuerySchema,
      body: mailFilterBody,
    },
    async (req) => {
      const filter = parseMailFilter(req.body);
      const ids = (await linkedAccounts(req)).map((l) => l.mailaccount_id);
      const { rows, total } = await listMails(
        mailDb(req.db),
        ids,
        { ...filter, ifolder_id: null, is_deleted: true },
        parseListQuery(req.query as ListQuery, MAIL_LIST),
        userZone(req),
      );
      return { data: rows, totalCount: total };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/getmailsbyjobid/:jobId',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary:
        "Mails linked to a job, within the user's accounts (the job's E-mails tab), newest first: a message that reached several of them is one row with `accounts` (each copy's ma_id and mailaccount_id)",
      params: { type: 'object', properties: { jobId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['jobId'] },
      data: mailEntryRowsSchema,
    },
    async (req) => {
      const { jobId } = req.params as { jobId: number };
      const ids = (await linkedAccounts(req)).map((l) => l.mailaccount_id);
      if (!ids.length) return { data: [] };
      const rows = await mailRowSelect(mailDb(req.db))
        // The job's own id as the row's job: a mail of several jobs is listed under each.
        .select(sql<number>`${jobId}::integer`.as('job_id'))
        .select(['m.message_id', 'm.ma_content_hash'])
        .where((eb) => linkedToJob(eb, jobId))
        .where('m.mailaccount_id', 'in', ids)
        .where('m.is_deleted', '=', false)
        .orderBy('m.mail_date', (ob) => ob.desc().nullsLast())
        .orderBy('m.ma_id')
        .limit(1000)
        .execute();
      return { data: entryRows(req, rows) };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/:id/thread',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary:
        "The conversation of a mail, oldest first: the mails of its thread (References, In-Reply-To, Message-ID, or the subject and participants of a reply without them) in the user's accounts, whichever of them each mail reached, sent ones included; a message that reached several of them is one row with `accounts`, shown from the opened mail's account where it has a copy there",
      params: idParams,
      data: mailEntryRowsSchema,
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const { mail } = await visibleMail(req, id);
      const ids = (await linkedAccounts(req)).map((l) => l.mailaccount_id);
      const rows = await mailRowSelect(mailDb(req.db))
        .select((eb) => firstJobId(eb))
        .select(['m.message_id', 'm.ma_content_hash'])
        .where((eb) => (mail.thread_id === null ? eb('m.ma_id', '=', mail.ma_id) : eb('m.thread_id', '=', mail.thread_id)))
        .where('m.mailaccount_id', 'in', ids)
        .where('m.is_deleted', '=', false)
        .orderBy('m.mail_date', (ob) => ob.asc().nullsFirst())
        .orderBy('m.ma_id')
        .limit(500)
        .execute();
      return { data: entryRows(req, rows, (copy) => copy.mailaccount_id === mail.mailaccount_id) };
    },
  );
}
