import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { enText } from '../../i18n/en-US';
import type { FieldDef, RelationDef, ResourceDef } from './types';
import { buildResourceSchema, crossFieldNames, relationSchema, validateResource, VALIDATION } from './schema';

/** One field of every type, so each rule of SPEC.md point 5 can be broken on its own. */
const fields: FieldDef[] = [
  { name: 'rid', type: 'number', label: 'id', readOnly: true },
  { name: 'name', type: 'text', label: 'name', required: true, max: 100 },
  { name: 'note', type: 'longtext', label: 'note', max: 3000 },
  { name: 'free', type: 'text', label: 'free' },
  { name: 'mail', type: 'email', label: 'mail' },
  { name: 'kind', type: 'select', label: 'kind', choices: ['A', 'B'] },
  { name: 'code', type: 'text', label: 'code', pattern: /^[A-Z]+$/ },
  { name: 'qty', type: 'number', label: 'qty' },
  { name: 'price', type: 'money', label: 'price' },
  { name: 'ref', type: 'reference', label: 'ref', reference: 'departments' },
  { name: 'active', type: 'boolean', label: 'active' },
  { name: 'due', type: 'date', label: 'due' },
  { name: 'special', type: 'boolean', label: 'special' },
  { name: 'special_note', type: 'text', label: 'special note', requiredWhen: 'special' },
];
const relation: RelationDef = { name: 'clients', table: 'x_clients', reference: 'contacts', refField: 'co_id', lead: true, label: 'clients' };
const def = {
  name: 'things',
  table: 'things',
  idField: 'rid',
  label: { one: 'thing', many: 'things' },
  fields,
  relations: [relation, { name: 'others', table: 'x_others', reference: 'contacts', refField: 'oc_id', label: 'others' }],
  listPath: '/things',
  itemPath: '/thing',
  gate: {},
  defaultSort: 'name',
  pageSize: 20,
  titleField: 'name',
} as ResourceDef;

const ok = { name: 'Valid' };
const fieldErrors = (input: unknown, mode: 'create' | 'update' = 'create', stored?: Record<string, unknown>) => {
  const result = validateResource(def, input, mode, stored);
  return result.ok ? [] : result.errors.map((e) => [e.field, e.message]);
};
const valueOf = (input: Record<string, unknown>) => {
  const result = validateResource(def, input, 'create');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

describe('the message keys are the SPEC.md point 5 texts', () => {
  it.each([
    [VALIDATION.required, 'Field is required!'],
    [VALIDATION.max100, 'Max. 100 chars!'],
    [VALIDATION.max3000, 'Max. 3000 chars!'],
    [VALIDATION.email, 'Invalid email'],
    [VALIDATION.number, 'Invalid number'],
    [VALIDATION.value, 'Invalid value'],
  ])('%s is %j', (key, text) => {
    expect(enText(key)).toBe(text);
  });

  it('a relation row without a selection names the site block rule', () => {
    expect(VALIDATION.rowSelect).toBe('validation.rowSelect');
    expect(enText(VALIDATION.rowSelect)).toBe('Select a property manager, site contact, operator or contact in each row, or delete the empty row');
  });
});

describe('required fields', () => {
  it("a create checks every required field, even one the body leaves out: 'Field is required!'", () => {
    expect(fieldErrors({})).toEqual([['name', 'validation.required']]);
    expect(fieldErrors({ name: null })).toEqual([['name', 'validation.required']]);
    expect(fieldErrors({ name: '' })).toEqual([['name', 'validation.required']]);
    expect(fieldErrors({ name: '   ' })).toEqual([['name', 'validation.required']]);
    expect(fieldErrors({ name: 'x' })).toEqual([]);
  });

  it('an update checks only the fields present', () => {
    expect(fieldErrors({ free: 'x' }, 'update')).toEqual([]);
    expect(fieldErrors({ name: ' ' }, 'update')).toEqual([['name', 'validation.required']]);
    expect(fieldErrors({ qty: 'many' }, 'update')).toEqual([['qty', 'validation.number']]);
  });

  it('a required number counts 0 as filled', () => {
    const withCount = { ...def, fields: [{ name: 'count', type: 'number', label: 'count', required: true }] } as ResourceDef;
    expect(validateResource(withCount, { count: 0 }, 'create')).toEqual({ ok: true, value: { count: 0 } });
    expect(validateResource(withCount, { count: '' }, 'create')).toEqual({ ok: false, errors: [{ field: 'count', message: 'validation.required' }] });
  });
});

describe('read-only and unknown fields', () => {
  it('refuses a read-only id in a body, and any unknown key', () => {
    expect(fieldErrors({ ...ok, rid: 5 })).toEqual([['', 'validation.value']]);
    expect(fieldErrors({ ...ok, nonsense: 1 })).toEqual([['', 'validation.value']]);
    expect(fieldErrors({ rid: 5 }, 'update')).toEqual([['', 'validation.value']]);
  });

  it('refuses a body that is not an object', () => {
    for (const input of [null, undefined, 'text', 7, [ok]]) {
      expect(validateResource(def, input, 'create')).toEqual({ ok: false, errors: [{ field: '', message: 'validation.value' }] });
    }
  });
});

describe('text limits, e-mail, choices and patterns', () => {
  it("100 characters pass, 101 give 'Max. 100 chars!'", () => {
    expect(fieldErrors({ name: 'x'.repeat(100) })).toEqual([]);
    expect(fieldErrors({ name: 'x'.repeat(101) })).toEqual([['name', 'validation.max100']]);
  });

  it("3000 characters pass, 3001 give 'Max. 3000 chars!'", () => {
    expect(fieldErrors({ ...ok, note: 'x'.repeat(3000) })).toEqual([]);
    expect(fieldErrors({ ...ok, note: 'x'.repeat(3001) })).toEqual([['note', 'validation.max3000']]);
  });

  it('a text field without a limit takes long text', () => {
    expect(fieldErrors({ ...ok, free: 'x'.repeat(5000) })).toEqual([]);
  });

  it("an e-mail field refuses what is not an address: 'Invalid email'", () => {
    expect(fieldErrors({ ...ok, mail: 'ann@x.example' })).toEqual([]);
    expect(fieldErrors({ ...ok, mail: 'ann' })).toEqual([['mail', 'validation.email']]);
    expect(fieldErrors({ ...ok, free: 'ann' })).toEqual([]);
  });

  it("a choice must be one of the list: 'Invalid value'", () => {
    expect(fieldErrors({ ...ok, kind: 'A' })).toEqual([]);
    expect(fieldErrors({ ...ok, kind: 'C' })).toEqual([['kind', 'validation.value']]);
    expect(fieldErrors({ ...ok, kind: null })).toEqual([]);
    expect(fieldErrors({ ...ok, kind: '' })).toEqual([]);
  });

  it("a field pattern must match: 'Invalid value'", () => {
    expect(fieldErrors({ ...ok, code: 'ABC' })).toEqual([]);
    expect(fieldErrors({ ...ok, code: 'abc' })).toEqual([['code', 'validation.value']]);
    expect(fieldErrors({ ...ok, code: '' })).toEqual([]);
  });

  it('a text field refuses objects and turns an empty string into null', () => {
    expect(fieldErrors({ ...ok, free: { a: 1 } })).toEqual([['free', 'validation.value']]);
    expect(valueOf({ ...ok, free: '', note: '' })).toMatchObject({ free: null, note: null });
  });
});

describe('number, money and reference fields', () => {
  it("refuse text that is not a number: 'Invalid number'", () => {
    expect(fieldErrors({ ...ok, qty: 'abc' })).toEqual([['qty', 'validation.number']]);
    expect(fieldErrors({ ...ok, price: 'abc' })).toEqual([['price', 'validation.number']]);
    expect(fieldErrors({ ...ok, ref: 'abc' })).toEqual([['ref', 'validation.number']]);
  });

  it('cast numeric text, and turn an empty string into null', () => {
    expect(valueOf({ ...ok, qty: '2.5', price: '-3', ref: '4' })).toMatchObject({ qty: 2.5, price: -3, ref: 4 });
    expect(valueOf({ ...ok, qty: '', price: '', ref: '' })).toMatchObject({ qty: null, price: null, ref: null });
    expect(valueOf({ ...ok, qty: null })).toMatchObject({ qty: null });
  });

  it("a reference must be a positive whole id: 'Invalid value'", () => {
    expect(fieldErrors({ ...ok, ref: 1.5 })).toEqual([['ref', 'validation.value']]);
    expect(fieldErrors({ ...ok, ref: 0 })).toEqual([['ref', 'validation.value']]);
    expect(fieldErrors({ ...ok, ref: -2 })).toEqual([['ref', 'validation.value']]);
    expect(fieldErrors({ ...ok, qty: 1.5, price: -2 })).toEqual([]);
  });
});

describe('boolean and date fields', () => {
  it("a boolean refuses other values: 'Invalid value'", () => {
    expect(valueOf({ ...ok, active: true, special: null })).toMatchObject({ active: true, special: null });
    expect(fieldErrors({ ...ok, active: 'maybe' })).toEqual([['active', 'validation.value']]);
  });

  it('a date is YYYY-MM-DD, optionally with HH:MM:SS; empty becomes null', () => {
    expect(valueOf({ ...ok, due: '2026-11-21' })).toMatchObject({ due: '2026-11-21' });
    expect(valueOf({ ...ok, due: '2026-11-21 12:00:00' })).toMatchObject({ due: '2026-11-21 12:00:00' });
    expect(valueOf({ ...ok, due: '' })).toMatchObject({ due: null });
    expect(valueOf({ ...ok, due: null })).toMatchObject({ due: null });
  });

  it.each(['21/11/2026', '2026-11-21T12:00:00', '2026-11-21 12:00', 'x2026-11-21', '2026-11-21 12:00:00x', '26-11-21', 'today'])(
    "a date %j gives 'Invalid value'",
    (due) => {
      expect(fieldErrors({ ...ok, due })).toEqual([['due', 'validation.value']]);
    },
  );
});

describe('cross-field rule: required while a flag is set', () => {
  it('needs the note while the flag is true, and only then', () => {
    expect(fieldErrors({ ...ok, special: true })).toEqual([['special_note', 'validation.required']]);
    expect(fieldErrors({ ...ok, special: true, special_note: ' ' })).toEqual([['special_note', 'validation.required']]);
    expect(fieldErrors({ ...ok, special: true, special_note: 'why' })).toEqual([]);
    expect(fieldErrors({ ...ok, special: false })).toEqual([]);
    expect(fieldErrors({ ...ok, special: 'true' })).toEqual([['special_note', 'validation.required']]);
  });

  it('ties a field with requiredWhen to its flag in either direction', () => {
    expect(crossFieldNames(def, ['special'])).toEqual(['special', 'special_note']);
    expect(crossFieldNames(def, ['special_note'])).toEqual(['special_note', 'special']);
    expect(crossFieldNames(def, ['name'])).toEqual(['name']);
    expect(crossFieldNames(def, [])).toEqual([]);
  });

  it('an update sees the stored flag for fields the body leaves out, and the body wins over the stored value', () => {
    expect(fieldErrors({ special_note: '' }, 'update', { special: true })).toEqual([['special_note', 'validation.required']]);
    expect(fieldErrors({ special_note: '' }, 'update', { special: false })).toEqual([]);
    expect(fieldErrors({ special: false, special_note: '' }, 'update', { special: true })).toEqual([]);
    expect(fieldErrors({ special: true }, 'update', { special: false, special_note: 'kept' })).toEqual([]);
    // only the named fields and their partners are checked: a stored bad value elsewhere does not block
    expect(fieldErrors({ free: 'x' }, 'update', { name: '', special: true })).toEqual([]);
  });

  it('returns the merged record as the clean value of an update', () => {
    expect(validateResource(def, { special: true }, 'update', { special: false, special_note: 'kept', name: 'N' })).toEqual({
      ok: true,
      value: { special: true, special_note: 'kept' },
    });
  });
});

describe('relation blocks (site block rows)', () => {
  it('every row needs a selection; the ids are cast', () => {
    expect(valueOf({ ...ok, clients: [{ co_id: '3', is_lead: true }], others: null })).toMatchObject({ clients: [{ co_id: 3, is_lead: true }], others: null });
    expect(fieldErrors({ ...ok, clients: [{ co_id: null }] })).toEqual([['clients[0].co_id', 'validation.rowSelect']]);
    expect(fieldErrors({ ...ok, clients: [{}] })).toEqual([['clients[0].co_id', 'validation.rowSelect']]);
    expect(fieldErrors({ ...ok, clients: [{ co_id: 'abc' }] })).toEqual([['clients[0].co_id', 'validation.rowSelect']]);
    expect(fieldErrors({ ...ok, clients: [{ co_id: 1.5 }] })).toEqual([['clients[0].co_id', 'validation.value']]);
    expect(fieldErrors({ ...ok, clients: [{ co_id: -1 }] })).toEqual([['clients[0].co_id', 'validation.value']]);
  });

  it('a lead flag only where the block has one, and it must be a boolean', () => {
    expect(fieldErrors({ ...ok, clients: [{ co_id: 1, is_lead: 'yes' }] })).toEqual([['clients[0].is_lead', 'validation.value']]);
    expect(fieldErrors({ ...ok, others: [{ oc_id: 1, is_lead: true }] })).toEqual([['others[0]', 'validation.value']]);
    expect(fieldErrors({ ...ok, others: [{ oc_id: 1 }] })).toEqual([]);
  });

  it('a block is a list of at most 500 rows', () => {
    expect(fieldErrors({ ...ok, clients: { co_id: 1 } })).toEqual([['clients', 'validation.value']]);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ co_id: i + 1 }));
    expect(fieldErrors({ ...ok, clients: rows(500) })).toEqual([]);
    expect(fieldErrors({ ...ok, clients: rows(501) })).toEqual([['clients', 'validation.value']]);
  });

  it('an update checks only the blocks present', () => {
    expect(fieldErrors({ others: [{ oc_id: 2 }] }, 'update')).toEqual([]);
    expect(fieldErrors({ others: [{}] }, 'update')).toEqual([['others[0].oc_id', 'validation.rowSelect']]);
    expect(Object.keys(buildResourceSchema(def, 'update', ['others']).fields)).toEqual(['others']);
  });

  it('relationSchema alone refuses a row without its reference', () => {
    expect(relationSchema(relation).isValidSync([{ co_id: 2 }])).toBe(true);
    expect(relationSchema(relation).isValidSync([{ co_id: undefined }])).toBe(false);
  });
});

describe('buildResourceSchema', () => {
  it('a create schema holds every writable field and block; read-only fields are never part of it', () => {
    expect(Object.keys(buildResourceSchema(def).fields)).toEqual([...fields.filter((f) => !f.readOnly).map((f) => f.name), 'clients', 'others']);
    expect(Object.keys(buildResourceSchema(def, 'create', ['name']).fields)).toContain('qty');
    expect(Object.keys(buildResourceSchema(def, 'update').fields)).toContain('qty');
    expect(Object.keys(buildResourceSchema(def, 'update', ['name', 'rid']).fields)).toEqual(['name']);
  });

  it('reports every field error at once, not only the first', () => {
    expect(fieldErrors({ name: '', qty: 'x', due: 'y' })).toEqual([
      ['name', 'validation.required'],
      ['qty', 'validation.number'],
      ['due', 'validation.value'],
    ]);
  });

  it('a definition without relation blocks gives a schema of its fields only', () => {
    const plain = { ...def, relations: undefined } as ResourceDef;
    expect(Object.keys(buildResourceSchema(plain).fields)).toEqual(fields.filter((f) => !f.readOnly).map((f) => f.name));
    expect(validateResource(plain, { name: 'x', clients: [] }, 'create')).toEqual({ ok: false, errors: [{ field: '', message: 'validation.value' }] });
  });

  it('a create keeps every block in the schema even when the present list leaves it out', () => {
    expect(Object.keys(buildResourceSchema(def, 'create', ['name']).fields)).toEqual(expect.arrayContaining(['clients', 'others']));
  });

  it('names each failed check by its type, as the form resolver reports it', () => {
    const failure = (schema: yup.Schema, value: unknown) => {
      try {
        schema.validateSync(value, { abortEarly: false });
      } catch (err) {
        return (err as yup.ValidationError).inner.map((e) => [e.path, e.type]);
      }
      return [];
    };
    expect(failure(buildResourceSchema(def), { special: true, clients: [{ co_id: null }] })).toEqual([
      ['name', 'required'],
      ['special_note', 'requiredWhen'],
      ['clients[0].co_id', 'row'],
    ]);
  });
});

describe('values no form sends', () => {
  it("an object whose toString is not a function is 'Invalid value' on the first field holding an object", () => {
    expect(validateResource(def, { name: 'x', note: null, clients: [], free: { toString: 1 } }, 'create')).toEqual({
      ok: false,
      errors: [{ field: 'free', message: 'validation.value' }],
    });
  });

  it('such a value inside a block row is refused for the whole body', () => {
    expect(validateResource(def, { name: 'x', clients: [{ co_id: { toString: 1, valueOf: 1 } }] }, 'create')).toEqual({
      ok: false,
      errors: [{ field: '', message: 'validation.value' }],
    });
  });
});
