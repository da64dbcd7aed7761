/**
 * Site notes (SPEC.md point 7: jobsitenotes CRUD with js_id in the query) and updateOtherNotes.
 * A note is reached only through its site: a js_id that does not own the note answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { jobsites } from '../../core/resources/definitions/jobsites';
import { describeGate, requireGate } from '../auth/gate';
import type { BrandDb } from '../db/types';
import { toWireDate } from '../envelope/datetime';
import { sendOk } from '../envelope/envelope';
import { notFound } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { objectBody } from '../http/bodySchema';
import { filledTextSchema, textOrNull, textSchema } from '../http/bodyShapes';
import { checkedBody } from '../http/route';

// These tables are not in the typed schema (BrandTables belongs to the foundation).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (db: BrandDb) => db as unknown as Kysely<any>;

const key = 'jobsites';
const tags = ['jobsites'];
const read = requireGate(jobsites.gate);
const write = requireGate(jobsites.gate, jobsites.writeRoles);
const readConfig = { envelopeKey: key, gate: jobsites.gate };
const writeConfig = { envelopeKey: key, gate: jobsites.gate, writeRoles: jobsites.writeRoles };
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const siteQuery = { type: 'object', properties: { js_id: id }, required: ['js_id'] } as const;
const idParams = { type: 'object', properties: { id }, required: ['id'] } as const;

const note = {
  type: 'object',
  properties: {
    jsn_id: { type: 'integer' },
    js_id: { type: 'integer' },
    jsn_note: { type: 'string' },
    us_id: { type: ['integer', 'null'] },
    author: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: ['string', 'null'] },
  },
};

type NoteRow = { created_at: Date; updated_at: Date | null } & Record<string, unknown>;
const wire = (r: NoteRow) => ({ ...r, created_at: toWireDate(r.created_at), updated_at: r.updated_at ? toWireDate(r.updated_at) : null });

/** A text of at most 3000 characters (SPEC.md point 5); `required`: blank counts as missing. */
const noteBody = (field: string, required: boolean) => objectBody({ [field]: required ? filledTextSchema(3000) : textSchema(3000) }, required ? [field] : []);

/** The checked text; blank (allowed when not required) is stored as null. */
const textOf = (body: unknown, field: string) => textOrNull((body as Record<string, unknown> | null)?.[field]);

async function requireSite(db: BrandDb, jsId: number): Promise<void> {
  const site = await dyn(db)
    .selectFrom('jobsites')
    .select(sql`1`.as('x'))
    .where('js_id', '=', jsId)
    .executeTakeFirst();
  if (!site) throw notFound();
}

function selectNotes(db: BrandDb) {
  return dyn(db)
    .selectFrom('jobsitenotes as n')
    .leftJoin('users as u', 'u.us_id', 'n.us_id')
    .select(['n.jsn_id', 'n.js_id', 'n.jsn_note', 'n.us_id', 'u.fullname as author', 'n.created_at', 'n.updated_at']);
}

export function registerJobsiteNotes(app: FastifyInstance): void {
  const base = '/api/jobsites/jobsitenotes';
  type Q = { Querystring: { js_id: number } };

  app.get<Q>(
    base,
    {
      config: readConfig,
      preHandler: read,
      schema: {
        tags,
        summary: 'Notes of a site, newest first',
        description: describeGate(jobsites.gate),
        querystring: siteQuery,
        response: responses(key, { type: 'array', items: note }),
      },
    },
    async (req, reply) => {
      await requireSite(req.db!, req.query.js_id);
      const rows = await selectNotes(req.db!).where('n.js_id', '=', req.query.js_id).orderBy('n.jsn_id', 'desc').execute();
      return sendOk(req, reply, (rows as NoteRow[]).map(wire));
    },
  );

  app.post<Q & { Body: unknown }>(
    base,
    {
      config: writeConfig,
      ...checkedBody(write),
      schema: {
        tags,
        summary: 'Add a note to a site',
        body: noteBody('jsn_note', true),
        description: describeGate(jobsites.gate, jobsites.writeRoles),
        querystring: siteQuery,
        response: responses(key, note, 201),
      },
    },
    async (req, reply) => {
      const text = textOf(req.body, 'jsn_note');
      await requireSite(req.db!, req.query.js_id);
      const made = await dyn(req.db!)
        .insertInto('jobsitenotes')
        .values({ js_id: req.query.js_id, jsn_note: text, us_id: req.user!.us_id })
        .returning('jsn_id')
        .executeTakeFirstOrThrow();
      const row = await selectNotes(req.db!)
        .where('n.jsn_id', '=', (made as { jsn_id: number }).jsn_id)
        .executeTakeFirstOrThrow();
      return sendOk(req, reply, wire(row as NoteRow), { status: 201, snackbar: true });
    },
  );

  app.patch<Q & { Params: { id: number }; Body: unknown }>(
    `${base}/:id`,
    {
      config: writeConfig,
      ...checkedBody(write),
      schema: {
        tags,
        summary: 'Change a site note',
        body: noteBody('jsn_note', true),
        description: describeGate(jobsites.gate, jobsites.writeRoles),
        params: idParams,
        querystring: siteQuery,
        response: responses(key, note),
      },
    },
    async (req, reply) => {
      const text = textOf(req.body, 'jsn_note');
      const done = await dyn(req.db!)
        .updateTable('jobsitenotes')
        .set({ jsn_note: text, updated_at: sql`now()` })
        .where('jsn_id', '=', req.params.id)
        .where('js_id', '=', req.query.js_id)
        .returning('jsn_id')
        .executeTakeFirst();
      if (!done) throw notFound();
      const row = await selectNotes(req.db!).where('n.jsn_id', '=', req.params.id).executeTakeFirstOrThrow();
      return sendOk(req, reply, wire(row as NoteRow), { snackbar: true });
    },
  );

  app.delete<Q & { Params: { id: number } }>(
    `${base}/:id`,
    {
      config: writeConfig,
      preHandler: write,
      schema: {
        tags,
        summary: 'Delete a site note',
        description: describeGate(jobsites.gate, jobsites.writeRoles),
        params: idParams,
        querystring: siteQuery,
        response: responses(key, { type: 'object', properties: { jsn_id: { type: 'integer' } } }),
      },
    },
    async (req, reply) => {
      const done = await dyn(req.db!)
        .deleteFrom('jobsitenotes')
        .where('jsn_id', '=', req.params.id)
        .where('js_id', '=', req.query.js_id)
        .returning('jsn_id')
        .executeTakeFirst();
      if (!done) throw notFound();
      return sendOk(req, reply, done, { snackbar: true });
    },
  );

  app.patch<{ Params: { id: number }; Body: unknown }>(
    '/api/jobsites/:id/updateOtherNotes',
    {
      config: writeConfig,
      ...checkedBody(write),
      schema: {
        tags,
        summary: "Change a site's other notes",
        body: noteBody('js_other_notes', false),
        description: describeGate(jobsites.gate, jobsites.writeRoles),
        params: idParams,
        response: responses(key, { type: 'object', properties: { js_id: { type: 'integer' }, js_other_notes: { type: ['string', 'null'] } } }),
      },
    },
    async (req, reply) => {
      const text = textOf(req.body, 'js_other_notes');
      const row = await dyn(req.db!)
        .updateTable('jobsites')
        .set({ js_other_notes: text })
        .where('js_id', '=', req.params.id)
        .returning(['js_id', 'js_other_notes'])
        .executeTakeFirst();
      if (!row) throw notFound();
      return sendOk(req, reply, row, { snackbar: true });
    },
  );
}
