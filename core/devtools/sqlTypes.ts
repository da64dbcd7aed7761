/** SQL batch types (SPEC.md: 'global' and 'site_n' cannot be selected together). */
export type SqlFileType = 'global' | 'site_n';

export interface BatchFile {
  bf_id: number;
  bf_name: string;
  se_type: SqlFileType;
  bf_sql: string;
  bf_description: string | null;
}

export interface SchemaResult {
  database: string;
  schema: string;
  ok: boolean;
  committed: boolean;
  error: string | null;
  ms: number;
}

export interface RunAnswer {
  se_id: number;
  success: boolean;
  dryRun: boolean;
  results: SchemaResult[];
}

export function schemaType(schema: string): SqlFileType {
  return schema === 'global' ? 'global' : 'site_n';
}

/** True when the chosen files and schemas mix the two types. */
export function mixesTypes(files: readonly BatchFile[], schemas: readonly string[]): boolean {
  return new Set([...files.map((f) => f.se_type), ...schemas.map(schemaType)]).size > 1;
}
