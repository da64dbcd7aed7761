/**
 * Outgoing (SMTP, `mailservers`) and incoming (IMAP, `mailincomingservers`) servers share one
 * shape with different column prefixes, so one set of routes serves both. Passwords are
 * write-only: stored with encryptSecret, answered as `has_password`, and an omitted password on
 * PATCH keeps the stored one (an explicit null or '' clears it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { mailAdminText } from '../../../src/mail/admin/messages';
import { conflict, notFound } from '../../envelope/errors';
import { asObject } from '../../resources/body';
import { action, idParams } from '../../users/routeKit';
import { encryptSecret } from '../secrets';
import { MAIL_ADMIN_GATE as gate } from './gate';
import { listQuerySchema, parsePaging } from './paging';
import { bool, email, Fields, integer, oneOf, refuseUnknown, searchText, text, wire, withoutSecret } from './parse';

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
  from: 'mailserver_from',
  isDefault: 'mailserver_is_default',
});

function parseServer(k: ServerKind, input: unknown, create: boolean): Row {
  const n = names(k);
  const body = asObject(input);
  const f = new Fields();
  const known = [n.name, n.host, n.port, n.secure, n.auth, n.user, n.pass, ...(k.smtp ? [n.from, n.isDefault] : []), k.idCol, 'has_password', 'created_at'];
  refuseUnknown(f, body, known);
  const req = { required: true, create };
  const out: Row = {
    [n.name]: text(f, n.name, body[n.name], req),
    [n.host]: text(f, n.host, body[n.host], req),
    [n.port]: integer(f, n.port, body[n.port], { ...req, min: 1, max: 65535 }),
    [n.secure]: bool(f, n.secure, body[n.secure]),
    [n.auth]: oneOf(f, n.auth, body[n.auth], ['plain', 'oauth'] as const),
    [n.user]: text(f, n.user, body[n.user]),
  };
  if (k.smtp) {
    out[n.from] = email(f, n.from, body[n.from], req);
    out[n.isDefault] = bool(f, n.isDefault, body[n.isDefault]);
  }
  const pass = body[n.pass];
  if (pass !== undefined) {
    if (pass !== null && typeof pass !== 'string') f.add(n.pass, 'value');
    else if (typeof pass === 'string' && pass.length > 1000) f.add(n.pass, 'value');
    else out[n.pass] = encryptSecret(pass);
  }
  f.throwIfAny();
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export const toWire = (k: ServerKind, row: Row) => wire(withoutSecret(row, names(k).pass));

async function loadOne(db: AnyDb, k: ServerKind, id: number): Promise<Row> {
  const row = await db.selectFrom(k.table).selectAll().where(k.idCol, '=', id).executeTakeFirst();
  if (!row) throw notFound();
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
      return loadOne(trx, k, savedId!);
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

  const list = async (req: FastifyRequest, stext: string | null) => {
    const paging = parsePaging(req.query, [k.idCol, n.name, n.host, n.port], n.name, k.idCol);
    let q = anyDb(req).selectFrom(k.table);
    if (stext) {
      const like = `%${stext.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

  action(app, { method: 'GET', url: `${base}/list`, key, gate, querystring: listQuerySchema, summary: `List ${what} (passwords never included: has_password)` }, (req) => list(req, null));
  action(app, { method: 'POST', url: `${base}/filter`, key, gate, querystring: listQuerySchema, docBody: filterDoc, summary: `Filter ${what} by stext` }, (req) =>
    list(req, searchText(asObject(req.body))),
  );
  action(app, { method: 'GET', url: `${base}/:id/details`, key, gate, params: idParams, summary: `One of the ${what}` }, async (req) => ({ data: await loadOne(anyDb(req), k, paramId(req)) }));
  action(app, { method: 'POST', url: `${base}/create`, key, gate, change: true, status: 201, summary: `Create one of the ${what}; the password is stored encrypted` }, async (req) => ({
    data: await save(req, k, null),
  }));
  action(app, { method: 'PATCH', url: `${base}/:id`, key, gate, params: idParams, change: true, summary: `Change one of the ${what}; an omitted password keeps the stored one` }, async (req) => ({
    data: await save(req, k, paramId(req)),
  }));
  action(app, { method: 'DELETE', url: `${base}/:id`, key, gate, params: idParams, change: true, summary: `Delete one of the ${what}; 409 while a mail account uses it` }, async (req) => {
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
  });
}
