/**
 * The tables the lists' kept numbers follow, derived from what the lists are (listTriggers.ts
 * installs their triggers): a new resource definition is counted and versioned without a migration
 * of its own.
 */
import { RESOURCES } from '../../core/resources/definitions';
import type { ResourceDef } from '../../core/resources/engine/types';

/** What the job sheet's count reads: the jobs and the link tables its filters test (server/jobs/filter.ts). */
export const JOB_SHEET_TABLES: readonly string[] = ['jobs', 'job_engineers', 'job_assigned_users'];

const unique = (tables: string[]) => [...new Set(tables)];

/** Tables whose rows `list_counts` keeps (migration 0024): an unfiltered resource list's total. */
export const countedTables = (defs: readonly ResourceDef[] = RESOURCES): string[] => unique(defs.map((d) => d.table));

/**
 * Tables whose committed changes raise `list_version` (migration 0026), which a search's kept total
 * is checked against (knownTotals.ts): every resource's table, its relations' link tables (a
 * filter on a linked record reads them), and the job sheet's.
 */
export const versionedTables = (defs: readonly ResourceDef[] = RESOURCES): string[] =>
  unique([...defs.flatMap((d) => [d.table, ...(d.relations ?? []).map((r) => r.table)]), ...JOB_SHEET_TABLES]);
