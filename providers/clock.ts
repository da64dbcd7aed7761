/**
 * The server's clock: the caller's (or the wall clock) plus an offset a test can move forward over
 * the control API, so rate-limit windows and UpdatedDateUTC follow the test, not the machine.
 */
import type { Clock } from './types';

export interface MovableClock {
  now: Clock;
  advance(ms: number): void;
  offsetMs(): number;
}

export function movableClock(base: Clock = Date.now): MovableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
