import type { FieldDef } from './types';

/** A select field's choices for react-admin: the value as id, its i18n key (or the value itself) as name. */
export function choiceOptions(field: FieldDef): { id: string; name: string }[] {
  return (field.choices ?? []).map((c) => ({ id: c, name: choiceKey(field, c) }));
}

export function choiceKey(field: FieldDef, value: string): string {
  return field.choiceLabels ? `${field.choiceLabels}.${value}` : value;
}
