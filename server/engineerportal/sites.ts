/**
 * The sites of the engineer's jobs (SPEC.md point 7, engineer portal): POST jobsitedetails
 * { js_id }, PATCH updateOtherNotes?js_id { js_other_notes }, and the site notes (GET, POST,
 * PATCH, DELETE jobsitenotes[/{id}], js_id in the query). A site is reachable only when the
 * engineer is on one of its jobs (else 404, as if absent). Engineers read every note of such a
 * site but change or delete only their own; someone else's note answers 404 to a change.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ColumnType, Generated, Kysely } from 'kysely';
import { toWireDate } from '../envelope/datetime';
import { notFound } from '../envelope/errors';
import { ENGINEER_GATE } from '../jobs/access';
import { objectBody } from '../http/bodySchema';
import { filledTextSchema, idSchema, textOrNull, textSchema } from '../http/bodyShapes';
import { action } from '../http/route';
import type { EngineerSite, EngineerSiteNote } from '../../core/engineerportal/types';

interface SiteTables {
  jobsites: { js_id: Generated<number>; js_address: string; js_city: string | null; js_postcode: string | null; js_other_notes: string | null };
  jobsitenotes: {
    jsn_id: Generated<number>;
    js_id: number;
    jsn_note: string;
    us_id: number | null;
    created_at: ColumnType<Date, never, never>;
    updated_at: ColumnType<Date | null, never, Date>;
  };
  jobs: { job_id: number; js_id: number | null };
  job_engineers: { job_id: number; us_id: number };
  users: { us_id: number; fullname: string | null };
}
type SiteDb = Kysely<SiteTables>;

const key = 'engineerportal';
const gate = ENGINEER_GATE;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 };
const siteQuery = { type: 'object', properties: { js_id: id }, required: ['js_id'] };
const noteParams = { type: 'object', properties: { id }, required: ['id'] };
const dbOf = (req: FastifyRequest) => req.db as unknown as SiteDb;
const me = (req: FastifyRequest) => req.user!.us_id;
const siteOf = (req: FastifyRequest) => (req.query as { js_id: number }).js_id;

/** 404 unless the engineer is on a job at the site. */
async function requireMySite(db: SiteDb, usId: number, jsId: number): Promise<void> {
  const hit = await db
    .selectFrom('jobs as j')
    .innerJoin('job_engineers as je', 'je.job_id', 'j.job_id')
    .select('j.job_id')
    .where('j.js_id', '=', jsId)
    .where('je.us_id', '=', usId)
    .limit(1)
    .executeTakeFirst();
  if (!hit) throw notFound();
}

/** A text of at most 3000 characters; `required`: blank counts as missing. */
const noteBody = (field: string, required: boolean) => objectBody({ [field]: required ? filledTextSchema(3000) : textSchema(3000) }, required ? [field] : []);
const noteText = (body: unknown, field: string) => textOrNull((body as Record<string, unknown>)[field]);

async function loadSite(db: SiteDb, jsId: number): Promise<EngineerSite> {
  return db
    .selectFrom('jobsites')
    .select(['js_id', 'js_address', 'js_city', 'js_postcode', 'js_other_notes'])
    .where('js_id', '=', jsId)
    .executeTakeFirstOrThrow();
}

/** `mine` tells the view which notes the engineer may change. */
async function loadNotes(db: SiteDb, jsId: number, usId: number, jsnId?: number): Promise<EngineerSiteNote[]> {
  let q = db
    .selectFrom('jobsitenotes as n')
    .leftJoin('users as u', 'u.us_id', 'n.us_id')
    .select(['n.jsn_id', 'n.js_id', 'n.jsn_note', 'n.us_id', 'u.fullname as author', 'n.created_at', 'n.updated_at'])
    .where('n.js_id', '=', jsId);
  if (jsnId !== undefined) q = q.where('n.jsn_id', '=', jsnId);
  const rows = await q.orderBy('n.jsn_id', 'desc').execute();
  return rows.map((r) => ({ ...r, mine: r.us_id === usId, created_at: toWireDate(r.created_at) as string, updated_at: toWireDate(r.updated_at) }));
}

export function registerEngineerSiteRoutes(app: FastifyInstance): void {
  const notes = '/api/engineerportal/jobsitenotes';

  action(
    app,
    {
      method: 'POST',
      url: '/api/engineerportal/jobsitedetails',
      key,
      gate,
      body: objectBody({ js_id: idSchema('validation.value') }, ['js_id']),
      summary: "A site of the engineer's jobs: address and other notes",
    },
    async (req) => {
      const jsId = (req.body as { js_id: number }).js_id;
      await requireMySite(dbOf(req), me(req), jsId);
      return { data: await loadSite(dbOf(req), jsId) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/engineerportal/updateOtherNotes',
      key,
      gate,
      querystring: siteQuery,
      change: true,
      body: noteBody('js_other_notes', false),
      summary: "Change the other notes of a site of the engineer's jobs",
    },
    async (req) => {
      const value = noteText(req.body, 'js_other_notes');
      await requireMySite(dbOf(req), me(req), siteOf(req));
      await dbOf(req).updateTable('jobsites').set({ js_other_notes: value }).where('js_id', '=', siteOf(req)).execute();
      return { data: await loadSite(dbOf(req), siteOf(req)) };
    },
  );

  action(app, { method: 'GET', url: notes, key, gate, querystring: siteQuery, summary: 'The notes of a site, newest first' }, async (req) => {
    await requireMySite(dbOf(req), me(req), siteOf(req));
    return { data: await loadNotes(dbOf(req), siteOf(req), me(req)) };
  });

  action(
    app,
    {
      method: 'POST',
      url: notes,
      key,
      gate,
      querystring: siteQuery,
      change: true,
      status: 201,
      body: noteBody('jsn_note', true),
      summary: 'Add a note to the site',
    },
    async (req) => {
      const jsn_note = noteText(req.body, 'jsn_note') as string;
      await requireMySite(dbOf(req), me(req), siteOf(req));
      const made = await dbOf(req)
        .insertInto('jobsitenotes')
        .values({ js_id: siteOf(req), jsn_note, us_id: me(req) })
        .returning('jsn_id')
        .executeTakeFirstOrThrow();
      return { data: (await loadNotes(dbOf(req), siteOf(req), me(req), made.jsn_id))[0] };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${notes}/:id`,
      key,
      gate,
      params: noteParams,
      querystring: siteQuery,
      change: true,
      body: noteBody('jsn_note', true),
      summary: "Change one of the engineer's own notes on the site",
    },
    async (req) => {
      const jsn_note = noteText(req.body, 'jsn_note') as string;
      const jsnId = (req.params as { id: number }).id;
      await requireMySite(dbOf(req), me(req), siteOf(req));
      const done = await dbOf(req)
        .updateTable('jobsitenotes')
        .set({ jsn_note, updated_at: new Date() })
        .where('jsn_id', '=', jsnId)
        .where('js_id', '=', siteOf(req))
        .where('us_id', '=', me(req))
        .returning('jsn_id')
        .executeTakeFirst();
      if (!done) throw notFound();
      return { data: (await loadNotes(dbOf(req), siteOf(req), me(req), jsnId))[0] };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: `${notes}/:id`,
      key,
      gate,
      params: noteParams,
      querystring: siteQuery,
      change: true,
      summary: "Delete one of the engineer's own notes on the site",
    },
    async (req) => {
      await requireMySite(dbOf(req), me(req), siteOf(req));
      const done = await dbOf(req)
        .deleteFrom('jobsitenotes')
        .where('jsn_id', '=', (req.params as { id: number }).id)
        .where('js_id', '=', siteOf(req))
        .where('us_id', '=', me(req))
        .returning('jsn_id')
        .executeTakeFirst();
      if (!done) throw notFound();
      return { data: done };
    },
  );
}
