/**
 * Every notice message shown while a test runs, in order. A success notice stays one second
 * (SPEC point 8); on a busy machine the next render can take longer than that, so a test that
 * reads the current notices afterwards would miss one that was shown. Call it inside a test.
 */
import { onTestFinished } from 'vitest';
import { notices } from '../notices/noticeStore';

export function recordNotices(): string[] {
  const shown: string[] = [];
  const seen = new Set<number>();
  const stop = notices.notices.subscribe(() => {
    for (const n of notices.notices.get()) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      shown.push(n.message);
    }
  });
  onTestFinished(() => void stop());
  return shown;
}
