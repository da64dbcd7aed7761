/**
 * The bench's baseline: a hand-written Fastify + pg endpoint per list that runs the SQL the engine
 * compiled for the same request (the total from the rows, or a count beside them, and a search's
 * later pages walked in sort order once its total is known, as the engine does), without sessions,
 * brands or the envelope. Started as its own process, like the real server, so both get the same treatment.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { MIN_SEARCH_CHARS } from '../core/lists/search';
import { defaultPoolSize, keptPool } from '../server/db/kysely';
import { searchParts } from '../server/lists/containsText';
import { searchPageWithTotal } from '../server/lists/knownTotals';
import { containsPattern } from '../server/resources/likeEscape';
import { WALK_WINDOW, type RawQuery } from './rawQuery';

const queries = JSON.parse(process.env.RAW_QUERIES ?? '{}') as Record<string, RawQuery>;
// The same pool as the server (its size, and it keeps its connections: server/db/kysely.ts), so the comparison is of the code.
const pool = new pg.Pool({ connectionString: process.env.RAW_DB_URL, ...keptPool(defaultPoolSize()) });
const app = Fastify();

/** The statement's values a free text gives, in their order (server/lists/containsText.ts). */
const patterns = (text: string) => {
  const { likes, confirm } = searchParts(text);
  const escaped = likes.map(containsPattern);
  return confirm === undefined ? escaped : [...escaped, confirm];
};

app.post<{ Params: { name: string }; Body: { stext?: string } }>('/:name', async (req, reply) => {
  const q = queries[req.params.name];
  if (!q) return reply.code(404).send({ error: 'unknown list' });
  const text = (req.body?.stext ?? '').trim().toLowerCase();
  // A query compiled without free text runs as it is; with it, the request's text gives the values.
  if (q.text && text.length < MIN_SEARCH_CHARS) return reply.code(400).send({ error: 'At least 3 characters' });
  const from = q.text ? patterns(q.text) : [];
  const to = q.text ? patterns(text) : [];
  if (from.length !== to.length) return reply.code(400).send({ error: 'this endpoint is written for a search of another number of words' });
  const values = (params: readonly unknown[]) => params.map((p) => (from.includes(p as string) ? to[from.indexOf(p as string)] : p));
  const run = async (stmt: { sql: string; parameters: readonly unknown[] }) => (await pool.query(stmt.sql, values(stmt.parameters))).rows;
  const runCount = async () => Number((await run(q.count))[0].count);
  const withRows = async (ids: Record<string, unknown>[]) => {
    const by = q.byIds;
    if (!by || !ids.length) return ids;
    const byId = new Map((await pool.query(by.sql, [ids.map((r) => r[by.idField])])).rows.map((r) => [r[by.idField], r]));
    return ids.map((r) => byId.get(r[by.idField]));
  };
  if (q.totalInRows) {
    // The engine's own choice between counting and walking, with the totals it learnt (knownTotals.ts).
    const walk = q.walk;
    const walked = walk && ((window: number) => run({ sql: walk.sql, parameters: walk.parameters.map((p) => (p === WALK_WINDOW ? window : p)) }));
    const { page, total } = await searchPageWithTotal({
      countStatement: () => ({ sql: q.count.sql, parameters: values(q.count.parameters) }),
      offset: q.offset,
      limit: q.limit,
      withTotal: true,
      counted: () => run(q.rows),
      walk: walked,
      count: runCount,
    });
    return { data: await withRows(page), totalCount: total };
  }
  const [rows, total] = await Promise.all([run(q.rows).then(withRows), runCount()]);
  return { data: rows, totalCount: total };
});

app.listen({ port: Number(process.env.RAW_PORT), host: '127.0.0.1' }).then(
  () => console.log('raw server ready'),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

// A clean exit (not death by signal) lets `node --cpu-prof` write its profile when profiling.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
