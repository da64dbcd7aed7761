/**
 * `npm run bench:web`: what the browser fetches for the first visit of each page. It builds the SPA,
 * starts the real server on a freshly seeded demo (its own data folder), and opens /login, /sheet,
 * /sheet/{id} and /email in Debian's Chromium, each in a new browser context (an empty cache: cold),
 * then once more in the same context (warm). It prints the JavaScript and all bytes on the wire
 * (compressed, as sent; the JavaScript's bodies, everything with its headers), the number of scripts, the DOM nodes and the list requests of the page,
 * beside the budgets of issue 27 (login at most 300 kB of JavaScript, every other page 450 kB).
 * Not a timed test: a measurement to read, whose exit code is 1 when a budget is passed.
 *
 * BENCH_WEB_DATA_DIR (default .bench-data-web) is emptied first; CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { rmSync } from 'node:fs';
import { chromium, type BrowserContext, type Request } from '@playwright/test';
import { loginAsAdmin, startServer } from './serverProcess';

const DATA_DIR = process.env.BENCH_WEB_DATA_DIR ?? '.bench-data-web';
const KB = 1000;

interface Visit {
  scripts: number;
  /** The scripts' bodies as sent (compressed); their headers are in allBytes. */
  jsBytes: number;
  allBytes: number;
  encodings: Set<string>;
  listRequests: number;
  domNodes: number;
}

interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
  budgetKb: number;
  /** A request of the page's list, counted (the mail list's pages). */
  list?: RegExp;
  /** What shows the page has its content. */
  ready: string;
}

async function visit(context: BrowserContext, base: string, c: PageCase): Promise<Visit> {
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${base}${c.path}`, { waitUntil: 'networkidle' });
  await page.locator(c.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const result: Visit = { scripts: 0, jsBytes: 0, allBytes: 0, encodings: new Set(), listRequests: 0, domNodes: 0 };
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    // Encoded bytes as they came over the wire (0 when the browser's cache answered).
    const sizes = await request.sizes();
    const fromNetwork = !response.fromServiceWorker();
    result.allBytes += fromNetwork ? Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize) : 0;
    if (request.resourceType() === 'script') {
      result.scripts += 1;
      result.jsBytes += fromNetwork ? Math.max(0, sizes.responseBodySize) : 0;
      const encoding = (await response.allHeaders())['content-encoding'];
      if (sizes.responseBodySize > 0) result.encodings.add(encoding ?? 'identity');
    }
    if (c.list?.test(request.url())) result.listRequests += 1;
  }
  result.domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
  return result;
}

async function firstJobId(port: number, cookie: string): Promise<number> {
  const res = await fetch(`http://localhost:${port}/api/jobs/filter?limit=1&pagenumber=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  });
  const body = (await res.json()) as { jobs?: { data?: { job_id: number }[] } };
  const id = body.jobs?.data?.[0]?.job_id;
  if (!id) throw new Error(`no job to open: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

async function main(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = await startServer(DATA_DIR);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  let failed = false;
  try {
    const base = `http://localhost:${server.port}`;
    const cookie = await loginAsAdmin(server.port);
    const jobId = await firstJobId(server.port, cookie);
    const cases: PageCase[] = [
      { name: '/login', path: '/login', signedIn: false, budgetKb: 300, ready: 'input[type="password"]' },
      { name: '/sheet', path: '/sheet', signedIn: true, budgetKb: 450, ready: 'table tbody tr' },
      { name: '/sheet/{id}', path: `/sheet/${jobId}/details`, signedIn: true, budgetKb: 450, ready: '[data-testid="job-heading"]' },
      {
        name: '/email',
        path: '/email',
        signedIn: true,
        budgetKb: 450,
        list: /\/api\/mails\/filter/,
        ready: '[data-testid="mail-list-scroller"] [role="button"]',
      },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      if (c.signedIn) {
        const [name, value] = cookie.split('=');
        await context.addCookies([{ name, value, domain: 'localhost', path: '/' }]);
      }
      const cold = await visit(context, base, c);
      const warm = await visit(context, base, c);
      await context.close();
      const over = cold.jsBytes > c.budgetKb * KB;
      failed ||= over;
      rows.push([
        c.name,
        String(cold.scripts),
        (cold.jsBytes / KB).toFixed(1),
        `${c.budgetKb}${over ? ' OVER' : ''}`,
        (cold.allBytes / KB).toFixed(1),
        (warm.jsBytes / KB).toFixed(1),
        [...cold.encodings].join(','),
        String(cold.domNodes),
        c.list ? String(cold.listRequests) : '',
      ]);
    }
    const head = ['page', 'scripts', 'JS kB cold', 'budget kB', 'all kB cold', 'JS kB warm', 'encoding', 'DOM nodes', 'list requests'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padStart(widths[i])).join(' | ')} |`;
    console.log(line(head));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const r of rows) console.log(line(r));
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
