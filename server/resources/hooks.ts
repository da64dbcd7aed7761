/**
 * What a resource may add on the server around the engine's generic CRUD (registered per resource
 * name in hookRegistry.ts, so definitions in core/ stay pure data), and what the engine itself does
 * for the definition's `secret` and `oneDefault` fields.
 */
import type { Kysely } from 'kysely';
import type { ResourceInfo } from './fields';

// Definitions name their tables at run time, so the typed schema cannot describe them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;

export interface WriteContext {
  trx: AnyDb;
  /** null on create. */
  id: number | null;
  /** The body after the definition's schema: only the columns sent (PATCH semantics on update). */
  values: Row;
  /** On update the stored row (locked for the transaction); null on create. */
  stored: Row | null;
}

export interface ResourceHooks {
  /**
   * Runs in the write's transaction before the row is written: checks what the schema cannot
   * (throw validationError or conflict) and returns the columns to write.
   */
  beforeWrite?: (ctx: WriteContext) => Row | Promise<Row>;
  /** Shapes an answered row (list, details, create, update, delete), after the secrets are taken out. */
  toWire?: (row: Row) => Row;
  /** Runs in the delete's transaction with the row locked; throws to refuse (e.g. 409 while in use). */
  beforeDelete?: (ctx: { trx: AnyDb; id: number; stored: Row }) => void | Promise<void>;
}

/** The answered shape of a row: each secret replaced by its flag, then the resource's toWire. */
export function wireRecord(info: ResourceInfo, hooks: ResourceHooks | undefined, row: Row): Row {
  let out = row;
  if (info.secrets.length) {
    out = { ...row };
    for (const f of info.secrets) {
      const value = out[f.name];
      delete out[f.name];
      out[f.secret!.flag] = value !== null && value !== undefined && value !== '';
    }
  }
  return hooks?.toWire ? hooks.toWire(out) : out;
}

/** "One default": a record set as the default takes it from every other record. */
export async function unsetOtherDefaults(trx: AnyDb, info: ResourceInfo, id: number | null, values: Row): Promise<void> {
  for (const f of info.def.fields) {
    if (!f.oneDefault || values[f.name] !== true) continue;
    let others = trx
      .updateTable(info.def.table)
      .set({ [f.name]: false })
      .where(f.name, '=', true);
    if (id !== null) others = others.where(info.def.idField, '!=', id);
    await others.execute();
  }
}
