/**
 * Create/update bodies: empty strings become null, server-owned fields are ignored, unknown
 * fields are refused, and the rest is checked by the definition's own yup schema (the same one
 * the SPA's forms use), so both sides give the same messages.
 */
import { validateResource } from '../../core/resources/engine/schema';
import { enText } from '../../core/i18n/en-US';
import { validationError, type FieldMessage } from '../envelope/errors';
import type { ResourceInfo } from './fields';
import { asObject } from '../http/objects';

export function cleanWriteBody(info: ResourceInfo, input: unknown, mode: 'create' | 'update', stored?: Record<string, unknown>): Record<string, unknown> {
  const body = asObject(input);
  const unknown: FieldMessage[] = [];
  const candidate: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = info.byName.get(key);
    if (info.relations.has(key)) candidate[key] = value;
    // A secret's flag (has_password) comes back from edit forms like a read-only field.
    else if (info.secretFlags.has(key)) continue;
    else if (!field) unknown.push({ field: key, message: enText('validation.value') });
    // Read-only fields (id, created_at) come back from edit forms; they are ignored, not refused.
    else if (!field.readOnly) candidate[key] = value;
  }
  if (unknown.length) throw validationError(unknown);

  if (mode === 'create') {
    for (const f of info.writable) {
      if ((candidate[f.name] === undefined || candidate[f.name] === null) && f.defaultValue !== undefined) candidate[f.name] = f.defaultValue;
    }
  }
  const result = validateResource(info.def, candidate, mode, stored);
  if (!result.ok) throw validationError(result.errors.map((e) => ({ field: e.field || null, message: enText(e.message) })));
  const clean: Record<string, unknown> = {};
  for (const key of Object.keys(candidate)) if (result.value[key] !== undefined) clean[key] = result.value[key];
  return clean;
}
