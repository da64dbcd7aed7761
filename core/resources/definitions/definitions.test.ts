import { describe, expect, it } from 'vitest';
import { RESOURCES } from './index';

/** The field flags the engine acts on are used as it expects, in every definition. */
describe('resource definitions', () => {
  it('never lists, sorts, filters or searches a secret, and answers its flag under a name no field has', () => {
    const secrets = RESOURCES.flatMap((r) => r.fields.filter((f) => f.secret).map((f) => ({ r, f })));
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const { r, f } of secrets) {
      expect({ list: f.list, sortable: f.sortable, filter: f.filter, searchable: f.searchable, readOnly: f.readOnly }, `${r.name}.${f.name}`).toEqual({
        list: undefined,
        sortable: undefined,
        filter: undefined,
        searchable: undefined,
        readOnly: undefined,
      });
      expect(
        r.fields.map((x) => x.name),
        `${r.name}.${f.name}`,
      ).not.toContain(f.secret!.flag);
    }
  });

  it('sets one default only on booleans, and shows a field only under values its controlling field can hold', () => {
    for (const r of RESOURCES) {
      for (const f of r.fields) {
        if (f.oneDefault) expect(f.type, `${r.name}.${f.name}`).toBe('boolean');
        if (!f.shownWhen) continue;
        const on = r.fields.find((x) => x.name === f.shownWhen!.field);
        expect(on, `${r.name}.${f.name}`).toBeDefined();
        const possible = on!.type === 'boolean' ? [true, false] : (on!.choices ?? []);
        for (const value of f.shownWhen.values) expect(possible, `${r.name}.${f.name}`).toContain(value);
      }
    }
  });
});
