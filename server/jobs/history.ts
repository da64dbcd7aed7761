/**
 * The job's change history (who, when, what changed). Every write to a job, its sales or its costs
 * records one entry in the same transaction as the change, so history never disagrees with data.
 */
import type { JobDb, JobHistoryTable } from './tables';

export interface HistoryEntry {
  job_id: number;
  us_id: number | null;
  entity: JobHistoryTable['jh_entity'];
  entityId?: number | null;
  action: 'create' | 'update' | 'delete' | 'lock' | 'unlock' | 'duplicate' | 'assign' | string;
  /** field → { from, to } for updates; the created or deleted values otherwise. */
  changes?: Record<string, unknown>;
}

export async function recordHistory(db: JobDb, e: HistoryEntry): Promise<void> {
  await db
    .insertInto('job_history')
    .values({
      job_id: e.job_id,
      us_id: e.us_id,
      jh_entity: e.entity,
      jh_entity_id: e.entityId ?? null,
      jh_action: e.action,
      jh_changes: JSON.stringify(e.changes ?? {}),
    })
    .execute();
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return JSON.stringify(value);
  return value ?? null;
}

/** field → { from, to } for the fields of `after` whose value differs from `before`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (comparable(from) !== comparable(to)) out[field] = { from: from ?? null, to: to ?? null };
  }
  return out;
}
