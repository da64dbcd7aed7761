/**
 * Mail accounts (SPEC.md points 3, 4, 7): CRUD, enable/disable for everyone, and "sync now".
 * Changing the incoming server replaces the old one: the account's folders and mail locations
 * go (the mails stay and are matched again by Message-ID when the new server is synced, so
 * nothing doubles; what the new server lacks is removed as an orphan by that sync).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, validationError } from '../../envelope/errors';
import { enText } from '../../../core/i18n/en-US';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { requestSync } from '../queue/requestSync';
import { mailDb, type MailDb } from '../tables';
import { accountDetails, ACCOUNT_SORTABLE, listAccounts, lockAccount } from './accountQueries';
import { MAIL_ADMIN_GATE as gate } from './gate';
import { listQuerySchema, parseListQuery, parseSearchText, type ListOptions, type ListQuery } from '../../http/listQuery';
import { ADMIN_PAGE_SIZE, bool, boolValue, email, emailValue, Fields, id, idValue, ignored, refuseUnknown, text, textMatching, textValue, wire } from './parse';

const key = 'mailaccounts';
type IdReq = FastifyRequest<{ Params: { id: number } }>;
export const paramId = (req: FastifyRequest) => (req as IdReq).params.id;

const READ_ONLY = [
  'mailaccount_id',
  'sync_status',
  'sync_error',
  'sync_error_at',
  'last_sync_at',
  'created_at',
  'incoming_server',
  'outgoing_server',
  'aliases',
  'users',
  'imap_folders',
  'mis_name',
  'mailserver_name',
  'messages_synced',
  'messages_on_server',
];

interface AccountValues {
  ma_name?: string;
  ma_email?: string;
  ma_color?: string | null;
  ma_enabled?: boolean;
  mis_id?: number | null;
  mailserver_id?: number | null;
}

/** The body parseAccount reads; name and e-mail are required on create (blank reads 'Field is required!' there). */
function accountBody(create: boolean): JsonSchema {
  const fields = {
    ma_name: textValue(),
    ma_email: emailValue(),
    ma_color: textMatching('#[0-9a-fA-F]{6}', 'validation.value'),
    ma_enabled: boolValue(),
    mis_id: idValue(),
    mailserver_id: idValue(),
  };
  return { ...objectBody({ ...fields, ...ignored(READ_ONLY) }, create ? ['ma_name', 'ma_email'] : []), additionalProperties: false };
}

function parseAccount(input: unknown, create: boolean): AccountValues {
  const body = asObject(input);
  const f = new Fields();
  refuseUnknown(f, body, ['ma_name', 'ma_email', 'ma_color', 'ma_enabled', 'mis_id', 'mailserver_id', ...READ_ONLY]);
  const req = { required: true, create };
  const color = text(f, 'ma_color', body.ma_color);
  if (color && !/^#[0-9a-f]{6}$/i.test(color)) f.add('ma_color', 'value');
  const values = {
    ma_name: text(f, 'ma_name', body.ma_name, req),
    ma_email: email(f, 'ma_email', body.ma_email, req),
    ma_color: color,
    ma_enabled: bool(f, 'ma_enabled', body.ma_enabled),
    mis_id: id(f, 'mis_id', body.mis_id),
    mailserver_id: id(f, 'mailserver_id', body.mailserver_id),
  };
  f.throwIfAny();
  // Required fields sent empty were refused above, so name and e-mail are strings when present.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as AccountValues;
}

async function checkServers(db: MailDb, values: { mis_id?: number | null; mailserver_id?: number | null }) {
  const bad: { field: string; message: string }[] = [];
  if (values.mis_id && !(await db.selectFrom('mailincomingservers').select('mis_id').where('mis_id', '=', values.mis_id).executeTakeFirst()))
    bad.push({ field: 'mis_id', message: enText('validation.value') });
  if (
    values.mailserver_id &&
    !(await db.selectFrom('mailservers').select('mailserver_id').where('mailserver_id', '=', values.mailserver_id).executeTakeFirst())
  )
    bad.push({ field: 'mailserver_id', message: enText('validation.value') });
  if (bad.length) throw validationError(bad);
}

/** 50 a page by name; the id breaks ties. */
const LIST: ListOptions<(typeof ACCOUNT_SORTABLE)[number]> = {
  pageSize: ADMIN_PAGE_SIZE,
  sort: { sortable: ACCOUNT_SORTABLE, defaultSort: 'ma_name', tieBreaker: { column: 'mailaccount_id', desc: false } },
};

export function registerAccountRoutes(app: FastifyInstance): void {
  const base = '/api/mailaccounts';
  const list = async (req: FastifyRequest, stext: string | null) => {
    const paging = parseListQuery(req.query as ListQuery, LIST);
    const { data, totalCount } = await listAccounts(mailDb(req.db), paging, stext);
    return { data: wire(data), totalCount };
  };
  action(
    app,
    { method: 'GET', url: `${base}/list`, key, gate, querystring: listQuerySchema, summary: 'Mail accounts with sync status, error and progress' },
    (req) => list(req, null),
  );
  action(
    app,
    {
      method: 'POST',
      url: `${base}/filter`,
      key,
      gate,
      querystring: listQuerySchema,
      body: objectBody({ stext: { type: 'string' } }),
      summary: 'Filter mail accounts by name or e-mail (stext ≥ 3)',
    },
    (req) => list(req, parseSearchText(asObject(req.body).stext, { blank: 'tooShort' })),
  );
  action(
    app,
    {
      method: 'GET',
      url: `${base}/:id/details`,
      key,
      gate,
      params: idParams,
      summary: 'One account with its servers (no passwords), aliases, users and IMAP folders',
    },
    async (req) => ({
      data: wire(await accountDetails(mailDb(req.db), paramId(req))),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/create`,
      key,
      gate,
      change: true,
      status: 201,
      body: accountBody(true),
      summary: 'Create a mail account; its e-mail becomes the default alias',
    },
    async (req) => {
      const values = parseAccount(req.body, true);
      const db = mailDb(req.db);
      const newId = await db.transaction().execute(async (trx) => {
        await checkServers(trx, values);
        const row = await trx
          .insertInto('mailaccounts')
          .values({ ...values, ma_name: values.ma_name!, ma_email: values.ma_email! })
          .returning('mailaccount_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('mailaliases')
          .values({ mailaccount_id: row.mailaccount_id, mal_email: values.ma_email!, mal_name: values.ma_name!, mal_is_default: true })
          .execute();
        return row.mailaccount_id;
      });
      return { data: wire(await accountDetails(db, newId)) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/:id`,
      key,
      gate,
      params: idParams,
      change: true,
      body: accountBody(false),
      summary: 'Change an account; a new incoming server replaces the old one (its folders are synced afresh)',
    },
    async (req) => {
      const values = parseAccount(req.body, false);
      const accountId = paramId(req);
      const db = mailDb(req.db);
      const replaced = await db.transaction().execute(async (trx) => {
        const before = await lockAccount(trx, accountId);
        await checkServers(trx, values);
        if (Object.keys(values).length) await trx.updateTable('mailaccounts').set(values).where('mailaccount_id', '=', accountId).execute();
        const changed = values.mis_id !== undefined && values.mis_id !== before.mis_id;
        // The folders (and by cascade their mail locations) belonged to the old server.
        if (changed) await trx.deleteFrom('imapfolders').where('mailaccount_id', '=', accountId).execute();
        return changed;
      });
      if (replaced && values.mis_id) await requestSync(req, accountId);
      return { data: wire(await accountDetails(db, accountId)) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: `${base}/:id`,
      key,
      gate,
      params: idParams,
      change: true,
      summary: 'Delete an account with its aliases, user links, folders and synced mails',
    },
    async (req) => {
      const accountId = paramId(req);
      const gone = await mailDb(req.db).deleteFrom('mailaccounts').where('mailaccount_id', '=', accountId).returning('mailaccount_id').executeTakeFirst();
      if (!gone) throw notFound();
      return { data: gone };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/:id/setEnabledStatus`,
      key,
      gate,
      params: idParams,
      change: true,
      body: objectBody({ enabled: boolValue() }, ['enabled']),
      summary: 'Enable or disable the account for everyone (the sync skips a disabled account)',
    },
    async (req) => {
      const f = new Fields();
      const enabled = bool(f, 'enabled', asObject(req.body).enabled, true);
      f.throwIfAny();
      const row = await mailDb(req.db)
        .updateTable('mailaccounts')
        .set({ ma_enabled: enabled! })
        .where('mailaccount_id', '=', paramId(req))
        .returning(['mailaccount_id', 'ma_enabled'])
        .executeTakeFirst();
      if (!row) throw notFound();
      return { data: row };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/:id/sync`,
      key,
      gate,
      params: idParams,
      status: 202,
      summary: 'Queue a sync of the account now (202; progress shows in the details and the folder table)',
    },
    async (req) => {
      const accountId = paramId(req);
      const row = await mailDb(req.db)
        .selectFrom('mailaccounts')
        .select(['mailaccount_id', 'ma_enabled'])
        .where('mailaccount_id', '=', accountId)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!row.ma_enabled) return { data: { mailaccount_id: accountId, sync: 'disabled' } };
      return { data: { mailaccount_id: accountId, sync: await requestSync(req, accountId) } };
    },
  );
}
