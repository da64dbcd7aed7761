/** One visit of a page in a browser context: bytes on the wire, time to content, blocking time and DOM nodes. */
import type { BrowserContext, Request } from '@playwright/test';

export interface PageCase {
  name: string;
  path: string;
  /** Whose session: none for /login. */
  as?: 'admin' | 'engineer';
  budgetKb: number;
  /** A request of the page's list, counted (the mail list's pages). */
  list?: RegExp;
  /** What shows the page has its content. */
  ready: string;
}

export interface Visit {
  scripts: number;
  /** The scripts' bodies as sent (compressed); their headers are in allBytes. */
  jsBytes: number;
  allBytes: number;
  encodings: Set<string>;
  listRequests: number;
  domNodes: number;
  /** From the navigation until the ready element is in the page. */
  contentMs: number;
  /** Long tasks' time over 50 ms each, until the network is idle (Lighthouse's TBT without its window). */
  blockingMs: number;
}

/** Sums the long tasks' blocking time from the document's start; read back after the page settled. */
export const LONG_TASKS_SCRIPT = `
  window.__blockingMs = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__blockingMs += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

export async function visit(context: BrowserContext, base: string, c: PageCase): Promise<Visit> {
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  const started = Date.now();
  await page.goto(`${base}${c.path}`, { waitUntil: 'commit' });
  await page.locator(c.ready).first().waitFor({ timeout: 60_000 });
  const contentMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const result: Visit = { scripts: 0, jsBytes: 0, allBytes: 0, encodings: new Set(), listRequests: 0, domNodes: 0, contentMs, blockingMs: 0 };
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
  result.blockingMs = Math.round(await page.evaluate(() => (window as unknown as { __blockingMs?: number }).__blockingMs ?? 0));
  await page.close();
  return result;
}
