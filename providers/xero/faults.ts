/**
 * Scenario faults a test sets: answer the next calls with an error status (failNext), commit a
 * write and then drop the connection without answering (loseAnswer, to prove idempotent retries),
 * answer a list one element short after committing them all (shortAnswer, the count Xero's answer
 * should keep), and hold every call a while before it is handled (latency, to have calls in flight together).
 */
export interface FailNext {
  count?: number;
  status?: number;
  /** Only calls of this operation; any Xero call when absent. */
  operationId?: string;
}

export interface LoseAnswer {
  operationId: string;
  count?: number;
}

interface Pending {
  remaining: number;
  operationId?: string;
}

export class Faults {
  private fails: (Pending & { status: number })[] = [];
  private losses: Pending[] = [];
  private shorts: Pending[] = [];
  latencyMs = 0;

  failNext({ count = 1, status = 503, operationId }: FailNext): void {
    this.fails.push({ remaining: count, status, operationId });
  }

  loseAnswer({ operationId, count = 1 }: LoseAnswer): void {
    this.losses.push({ remaining: count, operationId });
  }

  shortAnswer({ operationId, count = 1 }: LoseAnswer): void {
    this.shorts.push({ remaining: count, operationId });
  }

  clear(): void {
    this.fails = [];
    this.losses = [];
    this.shorts = [];
    this.latencyMs = 0;
  }

  /** The status to fail this call with, or null; counts the call against the first matching entry. */
  takeFailure(operationId: string | null): number | null {
    const hit = take(this.fails, operationId);
    return hit ? hit.status : null;
  }

  /** True when this call's answer is to come one element short. */
  takeShort(operationId: string | null): boolean {
    return take(this.shorts, operationId) !== null;
  }

  /** True when this call's answer is to be lost. */
  takeLoss(operationId: string | null): boolean {
    return take(this.losses, operationId) !== null;
  }
}

/** The answer without its list's last element (the first list found in the body). */
export function shortened<T extends { body?: unknown }>(answer: T): T {
  if (!answer.body || typeof answer.body !== 'object') return answer;
  const body = answer.body as Record<string, unknown>;
  const key = Object.keys(body).find((k) => Array.isArray(body[k]) && (body[k] as unknown[]).length > 0);
  return key ? { ...answer, body: { ...body, [key]: (body[key] as unknown[]).slice(0, -1) } } : answer;
}

function take<T extends Pending>(list: T[], operationId: string | null): T | null {
  const i = list.findIndex((p) => p.operationId === undefined || p.operationId === operationId);
  if (i < 0) return null;
  const hit = list[i];
  if (--hit.remaining <= 0) list.splice(i, 1);
  return hit;
}
