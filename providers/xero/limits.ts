/**
 * Xero's rate limits: per tenant a minute and a day window and a cap on calls in flight, and an
 * app-wide minute window. Fixed windows on the server's clock (minute and UTC day), so a test moves
 * time to open the next one. A call over a limit gets 429 with Retry-After and X-Rate-Limit-Problem;
 * every answer carries the remaining counts.
 */
export interface Limits {
  perMinute: number;
  perDay: number;
  concurrent: number;
  appPerMinute: number;
}

export const DEFAULT_LIMITS: Limits = { perMinute: 60, perDay: 5000, concurrent: 5, appPerMinute: 10_000 };

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Window {
  start: number;
  count: number;
}

interface TenantUse {
  minute: Window;
  day: Window;
  inFlight: number;
}

export type Lease = { ok: true; release: () => void; headers: Record<string, string> } | { ok: false; headers: Record<string, string> };

export class RateLimiter {
  limits: Limits = { ...DEFAULT_LIMITS };
  private readonly use = new Map<string, TenantUse>();
  private app: Window = { start: 0, count: 0 };

  constructor(private readonly now: () => number) {}

  set(partial: Partial<Limits>): Limits {
    this.limits = { ...this.limits, ...partial };
    return this.limits;
  }

  forget(tenantId: string): void {
    this.use.delete(tenantId);
  }

  /** Takes one call for `tenantId` (null: the identity API, app-wide limit only). */
  take(tenantId: string | null): Lease {
    const now = this.now();
    const app = this.roll(this.app, now, MINUTE);
    this.app = app;
    const u = tenantId === null ? null : this.tenantUse(tenantId, now);
    const refuse = (problem: string, retryAfterMs: number): Lease => ({
      ok: false,
      headers: { ...this.remaining(u), 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))), 'x-rate-limit-problem': problem },
    });
    if (u && u.inFlight >= this.limits.concurrent) return refuse('concurrent', 1000);
    if (u && u.minute.count >= this.limits.perMinute) return refuse('minute', u.minute.start + MINUTE - now);
    if (u && u.day.count >= this.limits.perDay) return refuse('day', u.day.start + DAY - now);
    if (app.count >= this.limits.appPerMinute) return refuse('appminute', app.start + MINUTE - now);
    app.count++;
    if (u) {
      u.minute.count++;
      u.day.count++;
      u.inFlight++;
    }
    let released = false;
    const release = () => {
      if (u && !released) u.inFlight--;
      released = true;
    };
    return { ok: true, release, headers: this.remaining(u) };
  }

  private tenantUse(tenantId: string, now: number): TenantUse {
    // One object per tenant, changed in place: a lease's release must reach the same in-flight count.
    const u = this.use.get(tenantId) ?? { minute: { start: 0, count: 0 }, day: { start: 0, count: 0 }, inFlight: 0 };
    u.minute = this.roll(u.minute, now, MINUTE);
    u.day = this.roll(u.day, now, DAY);
    this.use.set(tenantId, u);
    return u;
  }

  private roll(w: Window, now: number, size: number): Window {
    const start = Math.floor(now / size) * size;
    return w.start === start ? w : { start, count: 0 };
  }

  private remaining(u: TenantUse | null): Record<string, string> {
    const headers: Record<string, string> = { 'x-appminlimit-remaining': String(Math.max(0, this.limits.appPerMinute - this.app.count)) };
    if (u) {
      headers['x-minlimit-remaining'] = String(Math.max(0, this.limits.perMinute - u.minute.count));
      headers['x-daylimit-remaining'] = String(Math.max(0, this.limits.perDay - u.day.count));
    }
    return headers;
  }
}
