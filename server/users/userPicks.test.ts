/** The people pickers' lists searched on the server: POST users/{engineers|operators|bemworkers|customers}/filter. */
import { describe, expect, it } from 'vitest';
import { call, login, uniqueName, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);

async function addUser(role: string, surname: string): Promise<number> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/users/addUser',
    host: own.brand.host,
    cookie: own.admin,
    body: { email: `${uniqueName('pick')}@demo.test`, role, firstname: 'Pick', surname, password: 'secret12' },
  });
  expect(res.status).toBe(201);
  return res.json.users.data.us_id;
}

const search = async (list: string, body: object, cookie: string, query = '') =>
  call(t.app, { method: 'POST', url: `/api/users/${list}/filter${query}`, host: own.brand.host, cookie, body });

describe('people pickers search the server', () => {
  it('finds an engineer by what is typed, only among engineers, and pages the answer', async () => {
    const surname = uniqueName('Zed');
    const engineer = await addUser('Engineer', surname);
    const operator = await addUser('Operator', surname);
    const cookie = await login(t.app, own.brand.host, 'operator@demo.test');

    const engineers = await search('engineers', { stext: surname }, cookie, '?limit=25&pagenumber=1&sort=fullname&totalcount=1');
    expect(engineers.status).toBe(200);
    expect(engineers.json.users.data.map((u: { us_id: number }) => u.us_id)).toEqual([engineer]);
    expect(engineers.json.users.data[0]).toMatchObject({ fullname: `Pick ${surname}`, role: 'Engineer' });
    expect(engineers.json.users.metadata.totalCount).toBe(1);

    const operators = await search('operators', { stext: surname }, cookie);
    expect(operators.json.users.data.map((u: { us_id: number }) => u.us_id)).toEqual([operator]);
  });

  it('names chosen ids without the list, and leaves hidden users out', async () => {
    const surname = uniqueName('Hid');
    const shown = await addUser('Engineer', surname);
    const hidden = await addUser('Engineer', surname);
    const hide = await call(t.app, {
      method: 'POST',
      url: '/api/users/setIsHiddenStatus',
      host: own.brand.host,
      cookie: own.admin,
      body: { us_id: hidden, is_hidden: true },
    });
    expect(hide.status).toBe(200);
    const cookie = await login(t.app, own.brand.host, 'user@demo.test');

    const named = await search('engineers', { ids: [shown, hidden] }, cookie);
    expect(named.json.users.data.map((u: { us_id: number }) => u.us_id)).toEqual([shown]);
  });

  it('refuses text under 3 characters, and customers and engineers may not search staff', async () => {
    const cookie = await login(t.app, own.brand.host, 'operator@demo.test');
    const short = await search('engineers', { stext: 'ab' }, cookie);
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toContain('At least 3 characters');

    for (const role of ['customer', 'engineer']) {
      const res = await search('bemworkers', { stext: 'Pick' }, await login(t.app, own.brand.host, `${role}@demo.test`));
      expect(res.status).toBe(403);
    }
  });
});
