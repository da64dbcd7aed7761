/**
 * Lighthouse 12's performance score of a page (pinned to 12: 13 needs Node 22 at least, and the
 * issue's goals were set with 12). It drives Debian's Chromium through the DevTools port of a
 * browser launched for it; a signed-in page gets the session cookie as a header on every request.
 */
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { freePort } from '../serverProcess';

export interface LighthouseScore {
  score: number;
  /** Where the run ended: a signed-in page that lands on /login measured the wrong page. */
  finalUrl: string;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own error when the page could not be measured (NO_LCP, NO_FCP, …). */
  error?: string;
  /** The whole report, for what the score does not say (which elements shifted, what blocked). */
  report: string;
}

export async function lighthouseScore(url: string, formFactor: 'desktop' | 'mobile', cookie?: string): Promise<LighthouseScore> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      finalUrl: lhr.finalDisplayedUrl,
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      error: lhr.runtimeError?.code,
      report: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    };
  } finally {
    await browser.close();
  }
}
