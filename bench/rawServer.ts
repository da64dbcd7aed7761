/**
 * The bench's baseline: a hand-written Fastify + pg endpoint per list that runs the SQL the engine
 * compiled for the same request (the total from the rows, or a count beside them, as the engine
 * does), without sessions, brands or the
 * envelope. Started as its own process, like the real server, so both get the same treatment.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { defaultPoolSize, keptPool } from '../server/db/kysely';
import { searchParts } from '../server/resources/containsText';
import { containsPattern } from '../server/resources/likeEscape';

export interface RawQuery {
  rows: { sql: string; parameters: readonly unknown[] };
  count: { sql: string; parameters: readonly unknown[] };
  /** The rows of the ids `rows` chose (a search, the job sheet), run after it with those ids as its one value. */
  byIds?: { sql: string; idField: string };
  /** The rows carry the total in `__total` (free text), as in the engine. */
  totalInRows: boolean;
  offset: number;
  /** The free text the statements were compiled with ('' for none); a request's own text takes its place. */
  text: string;
}

const queries = JSON.parse(process.env.RAW_QUERIES ?? '{}') as Record<string, RawQuery>;
// The same pool as the server (its size, and it keeps its connections: server/db/kysely.ts), so the comparison is of the code.
const pool = new pg.Pool({ connectionString: process.env.RAW_DB_URL, ...keptPool(defaultPoolSize()) });
const app = Fastify();

/** The statement's values a free text gives, in their order (server/resources/containsText.ts). */
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
  if (q.text && text.length < 3) return reply.code(400).send({ error: 'At least 3 characters' });
  const from = q.text ? patterns(q.text) : [];
  const to = q.text ? patterns(text) : [];
  if (from.length !== to.length) return reply.code(400).send({ error: 'this endpoint is written for a search of another number of words' });
  const values = (params: readonly unknown[]) => params.map((p) => (from.includes(p as string) ? to[from.indexOf(p as string)] : p));
  const runCount = async () => Number((await pool.query(q.count.sql, values(q.count.parameters))).rows[0].count);
  const runRows = async () => {
    const rows = (await pool.query(q.rows.sql, values(q.rows.parameters))).rows;
    const by = q.byIds;
    if (!by || !rows.length) return rows;
    const byId = new Map((await pool.query(by.sql, [rows.map((r) => r[by.idField])])).rows.map((r) => [r[by.idField], r]));
    return rows.map((r) => ({ ...byId.get(r[by.idField]), __total: r.__total }));
  };
  if (q.totalInRows) {
    const rows = await runRows();
    const total = rows.length ? Number(rows[0].__total) : q.offset === 0 ? 0 : await runCount();
    return { data: rows.map(({ __total, ...row }) => row), totalCount: total };
  }
  const [rows, total] = await Promise.all([runRows(), runCount()]);
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
