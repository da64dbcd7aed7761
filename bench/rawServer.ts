/**
 * The bench's baseline: a hand-written Fastify + pg endpoint per list that runs the SQL the engine
 * compiled for the same request (the total from the rows, or a count beside them, as the engine
 * does), without sessions, brands or the
 * envelope. Started as its own process, like the real server, so both get the same treatment.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { defaultPoolSize } from '../server/db/kysely';

export interface RawQuery {
  rows: { sql: string; parameters: readonly unknown[] };
  count: { sql: string; parameters: readonly unknown[] };
  /** The rows of the ids `rows` chose (a search, the job sheet), run after it with those ids as its one value. */
  byIds?: { sql: string; idField: string };
  /** The rows carry the total in `__total` (free text), as in the engine. */
  totalInRows: boolean;
  offset: number;
  /** The LIKE pattern in the parameters; a request's stext replaces it. */
  pattern: string;
}

const queries = JSON.parse(process.env.RAW_QUERIES ?? '{}') as Record<string, RawQuery>;
// The same pool size as the server (server/db/kysely.ts), so the comparison is of the code.
const pool = new pg.Pool({ connectionString: process.env.RAW_DB_URL, max: defaultPoolSize() });
const app = Fastify();

const withPattern = (params: readonly unknown[], from: string, to: string) => params.map((p) => (p === from ? to : p));

app.post<{ Params: { name: string }; Body: { stext?: string } }>('/:name', async (req, reply) => {
  const q = queries[req.params.name];
  if (!q) return reply.code(404).send({ error: 'unknown list' });
  const text = (req.body?.stext ?? '').trim().toLowerCase();
  // A query compiled without free text (pattern '') runs as it is.
  if (q.pattern && text.length < 3) return reply.code(400).send({ error: 'At least 3 characters' });
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const runCount = async () => Number((await pool.query(q.count.sql, withPattern(q.count.parameters, q.pattern, pattern))).rows[0].count);
  const runRows = async () => {
    const rows = (await pool.query(q.rows.sql, withPattern(q.rows.parameters, q.pattern, pattern))).rows;
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
