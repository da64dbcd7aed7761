/**
 * A Xero grant revoked at the provider (the sandbox's revocation endpoint, as when a user removes
 * the app at Xero): the next call through the brand's client is refused at renewal, the connection
 * reads reconnect_needed, and the brand's admins — only they — get one RECONNECT_NEEDED
 * notification linking to /xero, however many calls meet the refusal afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../mail/secrets';
import { AuthRefused } from '../integrations/http/errors';
import { call, login, sandboxProviders, useTestApp, useTestBrand } from '../test/helpers';
import { xeroApi } from './xero/api';
import { brandXeroConnection, connectXero, revokeAtXero } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
let developer: string;
let operator: string;

beforeAll(async () => {
  providers = sandboxProviders();
  developer = await login(t.app, own.brand.host, 'developer@demo.test');
  operator = await login(t.app, own.brand.host, 'operator@demo.test');
});

const reminders = async (cookie: string) => {
  const res = await call(t.app, { method: 'POST', url: '/api/notifications/filter', body: { types: ['RECONNECT_NEEDED'] }, cookie, host: own.brand.host });
  expect(res.status, res.text).toBe(200);
  return res.json.notifications.data as { notif_type: string; notif_params: Record<string, unknown> }[];
};

describe('a refused Xero grant', () => {
  it('reads reconnect_needed and tells the brand’s admins once, with a link to /xero', async () => {
    await connectXero(t.app, providers, own.brand.host, own.admin);
    const { db, connection } = await brandXeroConnection(t.db, own.brand.schema);
    await revokeAtXero(providers, decryptSecret(connection.grant.refresh_token_enc)!);
    await db.updateTable('oauth_grants').set({ access_token_enc: null, expires_at: null }).where('og_id', '=', connection.grant.og_id).execute();
    const api = xeroApi(db, own.brand.schema, connection);

    // Several calls (two at once) meet the refusal; it is recorded and announced once.
    await Promise.all([
      expect(api.call('GET', '/Organisation')).rejects.toBeInstanceOf(AuthRefused),
      expect(api.call('GET', '/TaxRates')).rejects.toBeInstanceOf(AuthRefused),
    ]);
    await expect(api.call('GET', '/Items')).rejects.toBeInstanceOf(AuthRefused);

    const status = await call(t.app, { url: '/api/xeroauth/checkstatus', cookie: own.admin, host: own.brand.host });
    expect(status.json.xeroauth.data).toMatchObject({ connected: false, status: 'reconnect_needed' });
    const dashboard = await call(t.app, { url: '/api/xeroadmin/dashboard', cookie: developer, host: own.brand.host });
    expect(dashboard.json.xeroadmin.data).toMatchObject({ connected: false, status: 'reconnect_needed' });

    for (const cookie of [own.admin, developer]) {
      const mine = await reminders(cookie);
      expect(mine).toHaveLength(1);
      expect(mine[0].notif_params).toMatchObject({ provider: 'xero', provider_name: 'Xero', link: '/xero', error: 'invalid_grant' });
      expect(mine[0].notif_params.text).toMatch(/^Xero refused to renew access/);
    }
    expect(await reminders(operator)).toEqual([]);
  });
});
