/**
 * Runs SQL batch files across schemas. Each schema gets its own transaction with `search_path`
 * set to it, so one failing schema is rolled back alone while the others stay committed; a dry
 * run rolls every schema back after running. Every run is logged in global.sql_executed.
 */
import { sql } from 'kysely';
import { enText } from '../../core/i18n/en-US';
import { GLOBAL_SCHEMA, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { validationError, type FieldMessage } from '../envelope/errors';
import type { SchemaResult, SqlFileType } from '../../core/devtools/sqlTypes';
import { toolsDb } from './tables';

export interface BatchRun {
  fileIds: number[];
  se_type: SqlFileType;
  /** Database name → schema names; only this deployment's database is known. */
  selectedSchemasByDatabases: Record<string, string[]>;
  dryRun: boolean;
}

const DRY_RUN = Symbol('dry run');

function schemaType(schema: string): SqlFileType | null {
  if (schema === GLOBAL_SCHEMA) return 'global';
  return isBrandSchemaName(schema) ? 'site_n' : null;
}

/** Refusals before anything runs: unknown files, databases or schemas, and mixed types. */
export async function planRun(root: RootDb, run: BatchRun) {
  const problems: FieldMessage[] = [];
  const files = run.fileIds.length ? await toolsDb(root).selectFrom('batch_files').selectAll().where('bf_id', 'in', run.fileIds).execute() : [];
  if (!run.fileIds.length || files.length !== new Set(run.fileIds).size) problems.push({ field: 'fileIds', message: enText('validation.value') });
  const { dbName } = (await sql<{ dbName: string }>`select current_database() as "dbName"`.execute(root)).rows[0];
  const known = new Set((await globalDb(root).selectFrom('sites').select('schema_name').execute()).map((s) => s.schema_name));
  known.add(GLOBAL_SCHEMA);
  const targets: { database: string; schema: string }[] = [];
  for (const [database, schemas] of Object.entries(run.selectedSchemasByDatabases)) {
    if (database !== dbName) problems.push({ field: 'selectedSchemasByDatabases', message: enText('validation.value') });
    for (const schema of schemas) {
      if (!known.has(schema) || !schemaType(schema)) problems.push({ field: 'selectedSchemasByDatabases', message: enText('validation.value') });
      else targets.push({ database, schema });
    }
  }
  if (!targets.length) problems.push({ field: 'selectedSchemasByDatabases', message: enText('validation.required') });
  const types = new Set([run.se_type, ...files.map((f) => f.se_type), ...targets.map((t) => schemaType(t.schema))]);
  if (types.size > 1) problems.push({ field: 'se_type', message: enText('validation.sqlTypes') });
  if (problems.length) throw validationError(problems);
  const ordered = run.fileIds.map((id) => files.find((f) => f.bf_id === id)!);
  return { files: ordered, targets };
}

async function runInSchema(root: RootDb, schema: string, statements: string[], dryRun: boolean): Promise<Omit<SchemaResult, 'database' | 'schema'>> {
  const started = Date.now();
  try {
    await root.transaction().execute(async (trx) => {
      await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
      await sql`set local statement_timeout = '5min'`.execute(trx);
      for (const text of statements) await sql.raw(text).execute(trx);
      if (dryRun) throw DRY_RUN;
    });
    return { ok: true, committed: true, error: null, ms: Date.now() - started };
  } catch (err) {
    if (err === DRY_RUN) return { ok: true, committed: false, error: null, ms: Date.now() - started };
    return { ok: false, committed: false, error: err instanceof Error ? err.message : String(err), ms: Date.now() - started };
  }
}

export async function executeRun(root: RootDb, run: BatchRun, who: { email: string; from: string }) {
  const { files, targets } = await planRun(root, run);
  const statements = files.map((f) => f.bf_sql);
  const results: SchemaResult[] = [];
  // One schema after another: a batch is usually DDL, and parallel DDL only fights over locks.
  for (const t of targets) results.push({ ...t, ...(await runInSchema(root, t.schema, statements, run.dryRun)) });
  const success = results.every((r) => r.ok);
  const logged = await toolsDb(root)
    .insertInto('sql_executed')
    .values({
      se_type: run.se_type,
      file_ids: files.map((f) => f.bf_id),
      file_names: files.map((f) => f.bf_name),
      schemas: targets.map((t) => t.schema),
      dry_run: run.dryRun,
      success,
      results: JSON.stringify(results),
      executed_by: who.email,
      executed_from: who.from,
    })
    .returning('se_id')
    .executeTakeFirstOrThrow();
  return { se_id: logged.se_id, success, dryRun: run.dryRun, results };
}
