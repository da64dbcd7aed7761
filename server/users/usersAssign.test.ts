import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { brandDb } from '../db/types';
import { call, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);

const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url: `/api/users/${url}`, body, cookie: own.admin, host: own.brand.host });

describe('users: assignments', () => {
  it('assingdefaultoperators replaces the list with users of the operator group', async () => {
    const us = own.brand.users.User;
    const res = await post('assingdefaultoperators', { us_id: us, ids: [own.brand.users.Operator, own.brand.users.Procurement, own.brand.users.Operator] });
    expect(res.status).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    expect(res.json.users.data.default_operators).toEqual([own.brand.users.Operator, own.brand.users.Procurement].sort((a, b) => a - b));
    const details = await call(t.app, { url: `/api/users/${us}/details`, cookie: own.admin, host: own.brand.host });
    expect(details.json.users.data.default_operators).toHaveLength(2);
    const cleared = await post('assingdefaultoperators', { us_id: us, ids: [] });
    expect(cleared.json.users.data.default_operators).toEqual([]);
  });

  it('refuses ids that are not operators, not numbers, or not a list', async () => {
    const us = own.brand.users.User;
    for (const ids of [[own.brand.users.Engineer], [999999], ['x'], 'x']) {
      const res = await post('assingdefaultoperators', { us_id: us, ids });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.json.users.dbErrors[0]).toMatchObject({ details: 'ids', primary: 'Invalid value' });
    }
    const noUser = await post('assingdefaultoperators', { ids: [] });
    expect(noUser.json.users.dbErrors[0]).toMatchObject({ details: 'us_id', primary: 'Field is required!' });
    expect((await post('assingdefaultoperators', { us_id: 999999, ids: [] })).status).toBe(404);
    for (const us_id of ['x', 0, 1.5]) {
      const res = await post('assingdefaultoperators', { us_id, ids: [] });
      expect(res.json.users.dbErrors, JSON.stringify(us_id)).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'us_id', general: null }]);
    }
    const tooMany = await post('assingdefaultoperators', { us_id: us, ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.json.users.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'ids', general: null }]);
    const twoBad = await post('assingdefaultoperators', { us_id: us, ids: ['x', 0] });
    expect(twoBad.json.users.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'ids', general: null }]);
  });

  it('property managers and client contacts: only existing ones (contacts of type CLIENT) are assigned', async () => {
    const us = own.brand.users.Customer;
    const site = brandDb(t.db, own.brand.schema) as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const pm = await site.insertInto('propertymanagers').values({ pm_name: 'Harbour Lettings' }).returning('pm_id').executeTakeFirstOrThrow();
    const client = await site.insertInto('contacts').values({ co_type: 'CLIENT', co_name: 'Acme Flats' }).returning('co_id').executeTakeFirstOrThrow();
    const supplier = await site.insertInto('contacts').values({ co_type: 'SUPPLIER', co_name: 'Pipe Co' }).returning('co_id').executeTakeFirstOrThrow();
    const pms = await post('assingpropertymanagers', { us_id: us, ids: [pm.pm_id] });
    expect(pms.json.users.data.property_managers).toEqual([pm.pm_id]);
    const cos = await post('assingclientcontacts', { us_id: us, ids: [client.co_id] });
    expect(cos.json.users.data.client_contacts).toEqual([client.co_id]);
    for (const [action, ids] of [
      ['assingpropertymanagers', [987654]],
      ['assingclientcontacts', [supplier.co_id]],
    ] as const) {
      const bad = await post(action, { us_id: us, ids });
      expect(bad.status, action).toBe(400);
      expect(bad.json.users.dbErrors[0]).toMatchObject({ details: 'ids', primary: 'Invalid value' });
      expect((await post(action, { us_id: us, ids: [] })).status, action).toBe(200);
    }
    const details = await call(t.app, { url: `/api/users/${us}/details`, cookie: own.admin, host: own.brand.host });
    expect(details.json.users.data).toMatchObject({ property_managers: [], client_contacts: [] });
  });
});
