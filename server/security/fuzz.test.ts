/**
 * Fuzz over every operation of /api/docs/json: NUL bytes, deep JSON, prototype keys, wrong types,
 * huge strings and malformed multipart in path ids, query values and bodies, sent by a logged-in
 * developer (and anonymously) to a brand of the test's own. No answer may be a 5xx.
 *
 * The count is bounded for CI: FUZZ_CASES (default 10) cases per operation, picked by a seeded
 * generator (FUZZ_SEED, default 1) from the full list, so a failure can be replayed. Path ids are
 * ids nobody has (999999999 and odd texts), so no seeded row or other brand is touched.
 */
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, createTestBrand, login, useTestApp, type TestBrand } from '../test/helpers';

const t = useTestApp();
const CASES = Math.max(1, Number(process.env.FUZZ_CASES) || 10);
const SEED = Number(process.env.FUZZ_SEED) || 1;

/** Operations that would end the fuzzing session itself. */
const SKIP = new Set(['GET /api/auth/logout']);

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
  multipart: boolean;
}

interface Case {
  label: string;
  params: string;
  query: Record<string, string>;
  payload?: string;
  contentType?: string;
}

const HUGE = 'x'.repeat(200_000);
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const ODD_VALUES = ['\u0000', 'a\u0000b', '__proto__', 'constructor', 'toString', HUGE.slice(0, 5000), '-1', '1e309', '[object Object]', '%', '\uD800'];
const PATH_VALUES = [
  '999999999',
  'x%00y',
  '__proto__',
  'constructor',
  '-1',
  '99999999999999999999',
  '1.5',
  'NaN',
  encodeURIComponent('\uFFFF'),
  'a'.repeat(300),
];

function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function bodies(op: Operation): { label: string; payload: string; contentType?: string }[] {
  const fields = op.body.length ? op.body : ['name'];
  const out: { label: string; payload: string; contentType?: string }[] = [
    { label: 'deep JSON', payload: DEEP },
    { label: 'deep object', payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
    { label: '__proto__ key', payload: `{"__proto__":{"polluted":1},"${fields[0]}":"x"}` },
    { label: 'constructor.prototype key', payload: `{"constructor":{"prototype":{"polluted":1}}}` },
    { label: 'array body', payload: '[1,2,3]' },
    { label: 'string body', payload: '"text"' },
    { label: 'null body', payload: 'null' },
    { label: 'malformed JSON', payload: '{"a":' },
    {
      label: 'malformed multipart',
      payload: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      contentType: 'multipart/form-data; boundary=B',
    },
  ];
  for (const f of fields) {
    out.push({ label: `NUL in ${f}`, payload: JSON.stringify({ [f]: 'a\u0000b' }) });
    out.push({ label: `huge ${f}`, payload: JSON.stringify({ [f]: HUGE }) });
    out.push({ label: `object as ${f}`, payload: JSON.stringify({ [f]: { $ne: 1, toString: 'x' } }) });
    out.push({ label: `array as ${f}`, payload: JSON.stringify({ [f]: ['\u0000', -1, null, { a: [] }] }) });
    out.push({ label: `number as ${f}`, payload: JSON.stringify({ [f]: 1e308 }) });
    out.push({ label: `bool as ${f}`, payload: JSON.stringify({ [f]: true }) });
    out.push({ label: `_bulk of odd ${f}`, payload: JSON.stringify({ _bulk: [{ [f]: '\u0000' }, null, 'x'] }) });
  }
  return out;
}

function casesOf(op: Operation, random: () => number): Case[] {
  const all: Case[] = [];
  const pathValue = () => PATH_VALUES[Math.floor(random() * PATH_VALUES.length)];
  const params = () => op.path.replace(/\{[^}]+\}/g, () => pathValue());
  for (const q of op.query.length ? op.query : ['sort']) {
    for (const v of ODD_VALUES) all.push({ label: `query ${q}=${JSON.stringify(v.slice(0, 20))}`, params: params(), query: { [q]: v } });
  }
  all.push({ label: 'sort=__proto__', params: params(), query: { sort: '__proto__' } });
  all.push({ label: 'sort=-constructor,toString', params: params(), query: { sort: '-constructor,toString' } });
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    for (const b of bodies(op)) all.push({ label: `body ${b.label}`, params: params(), query: {}, payload: b.payload, contentType: b.contentType });
  }
  for (let i = 0; i < 3 && op.path.includes('{'); i++) all.push({ label: 'odd path id', params: params(), query: {} });
  // A fixed share of the cases, chosen by the seeded generator.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, CASES);
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const m = method.toUpperCase();
      if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(m) || SKIP.has(`${m} ${path}`)) continue;
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      ops.push({
        method: m,
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

describe('fuzz over /api/docs/json', () => {
  let brand: TestBrand;

  it('no operation answers 5xx to hostile input', { timeout: 600_000 }, async () => {
    brand = await createTestBrand(t.db);
    let cookie = await login(t.app, brand.host, 'developer@demo.test');
    const doc = (await call(t.app, { url: '/api/docs/json' })).json;
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    const random = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (const c of casesOf(op, random)) {
        const qs = new URLSearchParams(c.query).toString();
        const url = `${c.params}${qs ? `?${qs}` : ''}`;
        // Every fifth case goes without a session: the anonymous side must hold as well.
        const anonymous = sent % 5 === 4;
        const headers: Record<string, string> = { host: brand.host };
        if (!anonymous) headers.cookie = cookie;
        if (c.payload !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
        const req: InjectOptions = { method: op.method as InjectOptions['method'], url, headers, payload: c.payload };
        const res = await t.app.inject(req);
        sent++;
        if (res.statusCode >= 500)
          failures.push(`${res.statusCode} ${op.method} ${url.slice(0, 200)} [${c.label}]${anonymous ? ' (anonymous)' : ''}: ${res.body.slice(0, 300)}`);
        // A case that ended the session (a password or role change) must not blind the rest.
        if (!anonymous && res.statusCode === 401) cookie = await login(t.app, brand.host, 'developer@demo.test').catch(() => cookie);
      }
    }
    expect(failures, `${failures.length} of ${sent} cases answered 5xx`).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length);
  });
});
