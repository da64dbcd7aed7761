import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../auth/password';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let brand: Awaited<ReturnType<typeof createTestBrand>>;

beforeAll(async () => {
  brand = await createTestBrand(t.db);
});

const change = (body: unknown, cookie: string) => call(t.app, { method: 'POST', url: '/api/users/changePassword', body, cookie, host: brand.host });

describe('users/changePassword', () => {
  it('needs the three fields, matching new passwords and the right old password', async () => {
    const cookie = await login(t.app, brand.host, 'engineer@demo.test');
    const empty = await change({ old_password: '', new_password: '', new_password_again: '' }, cookie);
    expect(empty.status).toBe(400);
    expect(empty.json.users.dbErrors.map((e: { details: string }) => e.details)).toEqual(['old_password', 'new_password', 'new_password_again']);
    expect(empty.json.users.dbErrors[0].primary).toBe('Field is required!');
    const notText = await change({ old_password: 5, new_password: ['abc12345'], new_password_again: 'abc12345' }, cookie);
    expect(notText.json.users.dbErrors).toEqual(
      ['old_password', 'new_password'].map((details) => ({ error: 'VALIDATION', primary: 'Field is required!', details, general: null })),
    );
    const mismatch = await change({ old_password: sha256Hex('demo1234'), new_password: 'abc12345', new_password_again: 'abc12346' }, cookie);
    expect(mismatch.json.users.dbErrors[0]).toMatchObject({ details: 'new_password_again', primary: 'The passwords you entered do not match.' });
    const wrong = await change({ old_password: sha256Hex('nope'), new_password: 'abc12345', new_password_again: 'abc12345' }, cookie);
    expect(wrong.json.users.dbErrors[0]).toMatchObject({ details: 'old_password', primary: 'The old password is not correct.' });
    const long = 'x'.repeat(101);
    const tooLong = await change({ old_password: sha256Hex('demo1234'), new_password: long, new_password_again: long }, cookie);
    expect(tooLong.json.users.dbErrors[0]).toMatchObject({ details: 'new_password', primary: 'Max. 100 chars!' });
  });

  it('stores the new password as login expects it and ends the other sessions, not this one', async () => {
    const cookie = await login(t.app, brand.host, 'sales@demo.test');
    const other = await login(t.app, brand.host, 'sales@demo.test');
    const res = await change({ old_password: sha256Hex('demo1234'), new_password: 'Új jelszó 1', new_password_again: 'Új jelszó 1' }, cookie);
    expect(res.status).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    await login(t.app, brand.host, 'sales@demo.test', 'Új jelszó 1');
    await expect(login(t.app, brand.host, 'sales@demo.test', 'demo1234')).rejects.toThrow();
    expect((await call(t.app, { url: '/api/auth/whoami', cookie, host: brand.host })).json.auth.data.is_loggedin).toBe(true);
    expect((await call(t.app, { url: '/api/auth/whoami', cookie: other, host: brand.host })).json.auth.data.is_loggedin).toBe(false);
  });
});
