/**
 * Bridges between a definition and a react-hook-form form: default values for a new record and
 * the yup resolver built from the same schema the server validates with.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import type { Resolver } from 'react-hook-form';
import { buildResourceSchema } from '../../../core/resources/engine/schema';
import type { ResourceDef } from '../../../core/resources/engine/types';

export function defaultValuesOf(def: ResourceDef): Record<string, unknown> {
  return Object.fromEntries([
    ...def.fields.filter((f) => !f.readOnly && f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]),
    ...(def.relations ?? []).map((r) => [r.name, []]),
  ]);
}

/** The form carries id and read-only fields the schema does not know; they must not fail it. */
export function resolverOf(def: ResourceDef, mode: 'create' | 'update'): Resolver {
  return yupResolver(buildResourceSchema(def, mode).noUnknown(false)) as unknown as Resolver;
}

/**
 * react-admin resets a form to its defaults in an effect after the first render; keeping dirty
 * values stops that reset from wiping what was typed in the moment before it ran. One object, since
 * the effect re-runs whenever this option's identity changes.
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;

/** '-field' → { field, order: 'DESC' } for react-admin's sort prop. */
export function sortOf(param: string): { field: string; order: 'ASC' | 'DESC' } {
  return param.startsWith('-') ? { field: param.slice(1), order: 'DESC' } : { field: param, order: 'ASC' };
}
