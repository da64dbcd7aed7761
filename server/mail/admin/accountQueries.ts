/** Reads of mail accounts for the admin screens: list rows with sync progress, and the full details. */
import { sql } from 'kysely';
import { notFound } from '../../envelope/errors';
import type { MailDb } from '../tables';
import type { ListParams } from '../../http/listQuery';
import { answeredRecord } from '../../resources/answeredRecord';
import { containsPattern } from '../../resources/likeEscape';

export const ACCOUNT_SORTABLE = ['mailaccount_id', 'ma_name', 'ma_email', 'ma_enabled', 'sync_status', 'last_sync_at'] as const;

export async function listAccounts(db: MailDb, paging: ListParams, stext: string | null) {
  let q = db.selectFrom('mailaccounts as a');
  if (stext) {
    const like = containsPattern(stext);
    q = q.where((eb) => eb.or([eb('a.ma_name', 'ilike', like), eb('a.ma_email', 'ilike', like)]));
  }
  let page = q
    .leftJoin('mailincomingservers as i', 'i.mis_id', 'a.mis_id')
    .leftJoin('mailservers as o', 'o.mailserver_id', 'a.mailserver_id')
    .select([
      'a.mailaccount_id',
      'a.ma_name',
      'a.ma_email',
      'a.ma_color',
      'a.ma_enabled',
      'a.mis_id',
      'a.mailserver_id',
      'a.sync_status',
      'a.sync_error',
      'a.sync_error_at',
      'a.last_sync_at',
      'i.mis_name',
      'o.mailserver_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('imapfolders as f')
        .select(sql<number>`coalesce(sum(f.messages_synced), 0)::int`.as('n'))
        .whereRef('f.mailaccount_id', '=', 'a.mailaccount_id')
        .where('f.ifolder_sync_enabled', '=', true)
        .where('f.is_gone', '=', false)
        .as('messages_synced'),
      eb
        .selectFrom('imapfolders as f')
        .select(sql<number>`coalesce(sum(f.messages_on_server), 0)::int`.as('n'))
        .whereRef('f.mailaccount_id', '=', 'a.mailaccount_id')
        .where('f.ifolder_sync_enabled', '=', true)
        .where('f.is_gone', '=', false)
        .as('messages_on_server'),
    ])
    .limit(paging.limit)
    .offset(paging.offset);
  for (const s of paging.sort) page = page.orderBy(sql.ref(`a.${s.column}`), s.desc ? 'desc' : 'asc');
  const [rows, total] = await Promise.all([
    page.execute(),
    paging.withTotal ? q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst() : undefined,
  ]);
  return { data: rows, totalCount: total ? Number(total.n) : undefined };
}

export const FOLDER_COLUMNS = [
  'ifolder_id',
  'mailaccount_id',
  'ifolder_path',
  'ifolder_name',
  'ifolder_type',
  'ifolder_sync_enabled',
  'ifolder_syncfromdt',
  'is_default_seen',
  'ifolder_last_email_date',
  'messages_on_server',
  'messages_synced',
  'sync_error',
  'sync_error_at',
  'last_sync_at',
] as const;

export function accountFolders(db: MailDb, accountId: number) {
  return db
    .selectFrom('imapfolders')
    .select(FOLDER_COLUMNS)
    .where('mailaccount_id', '=', accountId)
    .where('is_gone', '=', false)
    .orderBy('ifolder_path')
    .execute();
}

export function accountUsers(db: MailDb, accountId: number) {
  return db
    .selectFrom('mailaccount_users as x')
    .innerJoin('users as u', 'u.us_id', 'x.us_id')
    .select(['x.us_id', 'u.email', 'u.fullname', 'u.role', 'x.maxu_default', 'x.maxu_user_can_send', 'x.maxu_user_can_delete'])
    .where('x.mailaccount_id', '=', accountId)
    .orderBy('u.fullname')
    .orderBy('x.us_id')
    .execute();
}

export function accountAliases(db: MailDb, accountId: number) {
  return db
    .selectFrom('mailaliases')
    .select(['mal_id', 'mal_email', 'mal_name', 'mal_is_default'])
    .where('mailaccount_id', '=', accountId)
    .orderBy('mal_id')
    .execute();
}

export async function accountDetails(db: MailDb, accountId: number) {
  const account = await db
    .selectFrom('mailaccounts')
    .select([
      'mailaccount_id',
      'ma_name',
      'ma_email',
      'ma_color',
      'ma_enabled',
      'mis_id',
      'mailserver_id',
      'sync_status',
      'sync_error',
      'sync_error_at',
      'last_sync_at',
      'created_at',
    ])
    .where('mailaccount_id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw notFound();
  const [incoming, outgoing, aliases, users, folders] = await Promise.all([
    account.mis_id ? answeredRecord(db, 'mailincomingservers', account.mis_id) : null,
    account.mailserver_id ? answeredRecord(db, 'mailservers', account.mailserver_id) : null,
    accountAliases(db, accountId),
    accountUsers(db, accountId),
    accountFolders(db, accountId),
  ]);
  return {
    ...account,
    incoming_server: incoming,
    outgoing_server: outgoing,
    aliases,
    users,
    imap_folders: folders,
  };
}

/** 404 unless the account exists in this brand (inside a transaction: locks the row). */
export async function lockAccount(db: MailDb, accountId: number) {
  const row = await db.selectFrom('mailaccounts').select(['mailaccount_id', 'mis_id']).where('mailaccount_id', '=', accountId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
