import { describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();

const url = '/api/usersettings/preferences';

describe('usersettings/preferences', () => {
  it('answers the defaults of SPEC.md point 3 for a user who changed nothing', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'sales@demo.test');
    const res = await call(t.app, { url, cookie });
    expect(res.status).toBe(200);
    expect(res.json.usersettings.data).toMatchObject({
      dateFormat: 'DD/MM/YYYY HH:mm:ss',
      language: 'en-US',
      autoloadHtml: false,
      iframeEditor: false,
      isThumbsDefault: false,
      timezone: 'Europe/London',
      emailEditor: 'ckeditor',
    });
  });

  it('changes only the keys a PATCH names, and whoami carries them after a new login', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'procurement@demo.test');
    const first = await call(t.app, { method: 'PATCH', url, cookie, body: { language: 'hu-HU' } });
    expect(first.status).toBe(200);
    const second = await call(t.app, { method: 'PATCH', url, cookie, body: { darkMode: 'dark', timezone: 'Europe/Budapest' } });
    expect(second.json.usersettings.data).toMatchObject({ language: 'hu-HU', darkMode: 'dark', timezone: 'Europe/Budapest' });
    const again = await login(t.app, DEMO_HOST, 'procurement@demo.test');
    const who = await call(t.app, { url: '/api/auth/whoami', cookie: again });
    expect(who.json.auth.data.settings).toMatchObject({ language: 'hu-HU', darkMode: 'dark' });
    await call(t.app, { method: 'PATCH', url, cookie, body: { language: 'en-US', darkMode: 'auto', timezone: 'Europe/London' } });
  });

  it('refuses unknown keys and bad values with the field named, and changes nothing', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'bemaccount@demo.test');
    const bad = await call(t.app, {
      method: 'PATCH',
      url,
      cookie,
      body: { language: 'xx-XX', colour: 'red', autoloadHtml: 'yes', timezone: 'Mars/Base', dateFormat: '' },
    });
    expect(bad.status).toBe(400);
    const errors = bad.json.usersettings.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['language', 'Invalid value'],
        ['colour', 'Invalid value'],
        ['autoloadHtml', 'Invalid value'],
        ['timezone', 'Invalid value'],
        ['dateFormat', 'Field is required!'],
      ]),
    );
    const now = await call(t.app, { url, cookie });
    expect(now.json.usersettings.data.language).toBe('en-US');
  });

  it('needs a session of this brand', async () => {
    const demo = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const res = await call(t.app, { url, cookie: demo, host: ACME_HOST });
    expect(res.status).toBe(401);
    expect(res.json.usersettings.dbErrors[0].error).toBe('AUTH_REQUIRED');
  });
});
