/**
 * Outgoing (SMTP, `mailservers`) and incoming (IMAP, `mailincomingservers`) servers share one
 * shape with different column prefixes, so one set of routes serves both. Passwords are
 * write-only: stored with encryptSecret, answered as `has_password`, and an omitted password on
 * PATCH keeps the stored one (an explicit null or '' clears it). OAuth servers add the token
 * endpoint and client id, and the write-only client secret and refresh token (`has_client_secret`,
 * `has_refresh_token`); the access token the server renews (../oauthToken.ts) is never answered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { mailAdminText } from '../../../core/mail/admin/messages';
import { conflict, notFound } from '../../envelope/errors';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { encryptSecret } from '../secrets';
import { MAIL_ADMIN_GATE as gate } from './gate';
import { listQuerySchema, parseListQuery, parseSearchText, type ListOptions, type ListQuery } from '../../http/listQuery';
import { ADMIN_PAGE_SIZE, bool, email, Fields, integer, oneOf, refuseUnknown, text, wire, withoutSecret } from './parse';
import { containsPattern } from '../../resources/likeEscape';

interface ServerKind {
  group: 'mailservers' | 'mailincomingservers';
  table: 'mailservers' | 'mailincomingservers';
  idCol: 'mailserver_id' | 'mis_id';
  prefix: 'mailserver_' | 'mis_';
  smtp: boolean;
}

export const SMTP: ServerKind = { group: 'mailservers', table: 'mailservers', idCol: 'mailserver_id', prefix: 'mailserver_', smtp: true };
export const IMAP: ServerKind = { group: 'mailincomingservers', table: 'mailincomingservers', idCol: 'mis_id', prefix: 'mis_', smtp: false };

// The two tables differ only in names; typing them per kind would double this file for no safety.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const anyDb = (req: FastifyRequest) => req.db as unknown as AnyDb;
type Row = Record<string, unknown>;

const names = (k: ServerKind) => ({
  name: `${k.prefix}name`,
  host: `${k.prefix}host`,
  port: `${k.prefix}port`,
  secure: `${k.prefix}secure`,
  auth: `${k.prefix}auth`,
  user: `${k.prefix}user`,
  pass: `${k.prefix}pass`,
  tokenUrl: `${k.prefix}oauth_token_url`,
  clientId: `${k.prefix}oauth_client_id`,
  clientSecret: `${k.prefix}oauth_client_secret`,
  refreshToken: `${k.prefix}oauth_refresh_token`,
  accessToken: `${k.prefix}oauth_access_token`,
  expiresAt: `${k.prefix}oauth_expires_at`,
  oauthError: `${k.prefix}oauth_error`,
  from: 'mailserver_from',
  isDefault: 'mailserver_is_default',
});

function parseServer(k: ServerKind, input: unknown, create: boolean): Row {
  const n = names(k);
  const body = asObject(input);
  const f = new Fields();
  const readOnly = [k.idCol, 'has_password', 'has_client_secret', 'has_refresh_token', n.expiresAt, n.oauthError, 'created_at'];
  const known = [
    n.name,
    n.host,
    n.port,
    n.secure,
    n.auth,
    n.user,
    n.pass,
    n.tokenUrl,
    n.clientId,
    n.clientSecret,
    n.refreshToken,
    ...(k.smtp ? [n.from, n.isDefault] : []),
    ...readOnly,
  ];
  refuseUnknown(f, body, known);
  const req = { required: true, create };
  const out: Row = {
    [n.name]: text(f, n.name, body[n.name], req),
    [n.host]: text(f, n.host, body[n.host], req),
    [n.port]: integer(f, n.port, body[n.port], { ...req, min: 1, max: 65535 }),
    [n.secure]: bool(f, n.secure, body[n.secure]),
    [n.auth]: oneOf(f, n.auth, body[n.auth], ['plain', 'oauth'] as const),
    [n.user]: text(f, n.user, body[n.user]),
    [n.tokenUrl]: tokenUrl(f, n.tokenUrl, body[n.tokenUrl]),
    [n.clientId]: text(f, n.clientId, body[n.clientId]),
  };
  if (k.smtp) {
    out[n.from] = email(f, n.from, body[n.from], req);
    out[n.isDefault] = bool(f, n.isDefault, body[n.isDefault]);
  }
  for (const field of [n.pass, n.clientSecret, n.refreshToken]) {
    const secret = body[field];
    if (secret === undefined) continue;
    if (secret !== null && typeof secret !== 'string') f.add(field, 'value');
    else if (typeof secret === 'string' && secret.length > 4000) f.add(field, 'value');
    else out[field] = encryptSecret(secret);
  }
  f.throwIfAny();
  // New OAuth settings start afresh: the next connect renews the token and a past refusal is forgotten.
  if ([n.tokenUrl, n.clientId, n.clientSecret, n.refreshToken].some((c) => out[c] !== undefined))
    Object.assign(out, { [n.accessToken]: null, [n.expiresAt]: null, [n.oauthError]: null });
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** The token endpoint: an absolute http(s) URL (http for a local endpoint), or cleared. */
function tokenUrl(f: Fields, field: string, v: unknown): string | null | undefined {
  const value = text(f, field, v);
  if (!value) return value;
  let ok: boolean;
  try {
    ok = ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    ok = false;
  }
  if (!ok) f.add(field, 'value');
  return value;
}

/** OAuth needs somewhere to renew the token: checked on the saved row, so a PATCH may send only part. */
function checkOAuthComplete(k: ServerKind, row: Row): void {
  const n = names(k);
  if (row[n.auth] !== 'oauth') return;
  const f = new Fields();
  for (const column of [n.user, n.tokenUrl, n.clientId, n.refreshToken]) if (!row[column]) f.add(column, 'required');
  f.throwIfAny();
}

export function toWire(k: ServerKind, row: Row): Row {
  const n = names(k);
  const hidden = new Set([n.clientSecret, n.refreshToken, n.accessToken]);
  const rest = Object.fromEntries(Object.entries(row).filter(([column]) => !hidden.has(column)));
  return wire({ ...withoutSecret(rest, n.pass), has_client_secret: !!row[n.clientSecret], has_refresh_token: !!row[n.refreshToken] });
}

async function loadOne(db: AnyDb, k: ServerKind, id: number, check = false): Promise<Row> {
  const row = await db.selectFrom(k.table).selectAll().where(k.idCol, '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (check) checkOAuthComplete(k, row);
  return toWire(k, row);
}

async function save(req: FastifyRequest, k: ServerKind, id: number | null): Promise<Row> {
  const values = parseServer(k, req.body, id === null);
  return anyDb(req)
    .transaction()
    .execute(async (trx) => {
      if (id !== null && !(await trx.selectFrom(k.table).select(k.idCol).where(k.idCol, '=', id).forUpdate().executeTakeFirst())) throw notFound();
      // One default SMTP server per brand (a partial unique index): the new default takes over.
      if (k.smtp && values.mailserver_is_default === true) {
        let others = trx.updateTable('mailservers').set({ mailserver_is_default: false }).where('mailserver_is_default', '=', true);
        if (id !== null) others = others.where('mailserver_id', '!=', id);
        await others.execute();
      }
      let savedId = id;
      if (id === null) {
        const row = await trx.insertInto(k.table).values(values).returning(k.idCol).executeTakeFirstOrThrow();
        savedId = row[k.idCol] as number;
      } else if (Object.keys(values).length) {
        await trx.updateTable(k.table).set(values).where(k.idCol, '=', id).execute();
      }
      return loadOne(trx, k, savedId!, true);
    });
}

const filterDoc = { type: 'object', properties: { stext: { type: 'string', description: 'at least 3 characters: name, host or user' } } };
type IdReq = FastifyRequest<{ Params: { id: number } }>;
const paramId = (req: FastifyRequest) => (req as IdReq).params.id;

export function registerServerRoutes(app: FastifyInstance, k: ServerKind): void {
  const n = names(k);
  const key = k.group;
  const base = `/api/${k.group}`;
  const what = k.smtp ? 'outgoing (SMTP) servers' : 'incoming (IMAP) servers';
  const listOptions: ListOptions = {
    pageSize: ADMIN_PAGE_SIZE,
    sort: { sortable: [k.idCol, n.name, n.host, n.port], defaultSort: n.name, tieBreaker: { column: k.idCol, desc: false } },
  };

  const list = async (req: FastifyRequest, stext: string | null) => {
    const paging = parseListQuery(req.query as ListQuery, listOptions);
    let q = anyDb(req).selectFrom(k.table);
    if (stext) {
      const like = containsPattern(stext);
      q = q.where((eb) => eb.or([eb(n.name, 'ilike', like), eb(n.host, 'ilike', like), eb(n.user, 'ilike', like)]));
    }
    let page = q.selectAll().limit(paging.limit).offset(paging.offset);
    for (const s of paging.sort) page = page.orderBy(s.column, s.desc ? 'desc' : 'asc');
    const [rows, total] = await Promise.all([
      page.execute(),
      paging.withTotal ? q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst() : undefined,
    ]);
    return { data: rows.map((r) => toWire(k, r)), totalCount: total ? Number(total.n) : undefined };
  };

  action(
    app,
    {
      method: 'GET',
      url: `${base}/list`,
      key,
      gate,
      querystring: listQuerySchema,
      summary: `List ${what} (secrets never included: has_password, has_client_secret, has_refresh_token)`,
    },
    (req) => list(req, null),
  );
  action(
    app,
    { method: 'POST', url: `${base}/filter`, key, gate, querystring: listQuerySchema, docBody: filterDoc, summary: `Filter ${what} by stext` },
    (req) => list(req, parseSearchText(asObject(req.body).stext, { blank: 'tooShort' })),
  );
  action(app, { method: 'GET', url: `${base}/:id/details`, key, gate, params: idParams, summary: `One of the ${what}` }, async (req) => ({
    data: await loadOne(anyDb(req), k, paramId(req)),
  }));
  action(
    app,
    {
      method: 'POST',
      url: `${base}/create`,
      key,
      gate,
      change: true,
      status: 201,
      summary: `Create one of the ${what}; the password, OAuth client secret and refresh token are stored encrypted`,
    },
    async (req) => ({
      data: await save(req, k, null),
    }),
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
      summary: `Change one of the ${what}; an omitted password, client secret or refresh token keeps the stored one`,
    },
    async (req) => ({
      data: await save(req, k, paramId(req)),
    }),
  );
  action(
    app,
    { method: 'DELETE', url: `${base}/:id`, key, gate, params: idParams, change: true, summary: `Delete one of the ${what}; 409 while a mail account uses it` },
    async (req) => {
      const id = paramId(req);
      await anyDb(req)
        .transaction()
        .execute(async (trx) => {
          const row = await trx.selectFrom(k.table).select(k.idCol).where(k.idCol, '=', id).forUpdate().executeTakeFirst();
          if (!row) throw notFound();
          const used = await trx.selectFrom('mailaccounts').select('mailaccount_id').where(k.idCol, '=', id).limit(1).executeTakeFirst();
          if (used) throw conflict(mailAdminText('errors.serverInUse'), k.idCol);
          await trx.deleteFrom(k.table).where(k.idCol, '=', id).execute();
        });
      return { data: { [k.idCol]: id } };
    },
  );
}
