/** The control API, driven through its typed client as tests in other processes will. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerControl, type ProviderControl } from './control';
import { startProviderServer, type ProviderServer } from './server';

let server: ProviderServer;
let control: ProviderControl;
beforeAll(async () => {
  server = await startProviderServer();
  control = providerControl(server.url);
});
afterAll(async () => {
  await server.close();
});

const xeroGet = (path: string, token: string, tenantId?: string) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...(tenantId ? { 'xero-tenant-id': tenantId } : {}) } });

describe('control API', () => {
  it('makes a tenant for a subject, connects and disconnects it', async () => {
    const tenant = await control.xero.createTenant({ name: 'Control Co', subject: 'ctl-user' });
    await control.xero.allowToken('ctl-token', 'ctl-user');
    const list = await (await xeroGet('/xero/connections', 'ctl-token')).json();
    expect(list).toMatchObject([{ tenantId: tenant.tenantId, tenantName: 'Control Co', tenantType: 'ORGANISATION' }]);

    expect(await control.xero.disconnect(tenant.tenantId, 'ctl-user')).toEqual({ disconnected: true });
    expect(await (await xeroGet('/xero/connections', 'ctl-token')).json()).toEqual([]);
    expect(await control.xero.connect(tenant.tenantId, 'ctl-user')).toMatchObject({ tenantId: tenant.tenantId, subject: 'ctl-user' });
    expect((await xeroGet('/xero/api.xro/2.0/Organisation', 'ctl-token', tenant.tenantId)).status).toBe(200);
  });

  it('seeds records, reads state with the call log, and resets a tenant', async () => {
    const tenant = await control.xero.createTenant({ name: 'Seeded Ltd', subject: 'seed-user' });
    await control.xero.allowToken('seed-token', 'seed-user');
    await control.xero.seedContacts(tenant.tenantId, [{ Name: 'Ann' }, { Name: 'Ben', ContactStatus: 'ARCHIVED' }]);
    await control.xero.seedItems(tenant.tenantId, [{ Code: 'LAB', Name: 'Labour' }]);
    const contacts = await (await xeroGet('/xero/api.xro/2.0/Contacts', 'seed-token', tenant.tenantId)).json();
    expect(contacts.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['Ann']);

    const state = await control.xero.state(tenant.tenantId);
    expect(state.contacts.map((c) => c.Name)).toEqual(['Ann', 'Ben']);
    expect(state.items).toMatchObject([{ Code: 'LAB', Name: 'Labour' }]);
    expect(state.calls.total).toBe(1);
    expect(state.calls.log[0]).toMatchObject({ method: 'GET', operationId: 'getContacts', status: 200 });
    expect(state.calls.perMinute[0].count).toBe(1);

    await control.xero.resetTenant(tenant.tenantId);
    const after = await control.xero.state(tenant.tenantId);
    expect([after.contacts, after.items, after.calls.total]).toEqual([[], [], 0]);
    // Connections survive a reset.
    expect((await xeroGet('/xero/api.xro/2.0/Organisation', 'seed-token', tenant.tenantId)).status).toBe(200);
  });

  it('moves the clock', async () => {
    const before = await control.clock();
    const moved = await control.advanceClock(120_000);
    expect(moved.offsetMs - before.offsetMs).toBe(120_000);
    expect(moved.now - before.now).toBeGreaterThanOrEqual(120_000);
    expect(server.clock.now()).toBeGreaterThanOrEqual(moved.now);
  });

  it('sets limits and faults', async () => {
    const tenant = await control.xero.createTenant({ name: 'Faulty Ltd', subject: 'fault-user' });
    await control.xero.allowToken('fault-token', 'fault-user');
    expect(await control.xero.limits({ perMinute: 1 })).toMatchObject({ perMinute: 1, perDay: 5000, concurrent: 5 });
    expect((await xeroGet('/xero/api.xro/2.0/Organisation', 'fault-token', tenant.tenantId)).status).toBe(200);
    expect((await xeroGet('/xero/api.xro/2.0/Organisation', 'fault-token', tenant.tenantId)).status).toBe(429);
    await control.xero.clearFaults();
    expect(await control.xero.limits()).toMatchObject({ perMinute: 60 });

    await control.xero.failNext({ status: 500, operationId: 'getTaxRates' });
    expect((await xeroGet('/xero/api.xro/2.0/TaxRates', 'fault-token', tenant.tenantId)).status).toBe(500);
    await control.xero.loseAnswer({ operationId: 'getTaxRates' });
    await expect(xeroGet('/xero/api.xro/2.0/TaxRates', 'fault-token', tenant.tenantId)).rejects.toThrow();
    await control.xero.latency(0);
    expect((await xeroGet('/xero/api.xro/2.0/TaxRates', 'fault-token', tenant.tenantId)).status).toBe(200);
  });

  it('reads and clears violations', async () => {
    const tenant = await control.xero.createTenant({ name: 'Violating Ltd', subject: 'v-user' });
    await control.xero.allowToken('v-token', 'v-user');
    await xeroGet('/xero/api.xro/2.0/Contacts?page=x', 'v-token', tenant.tenantId);
    expect(await control.violations()).toMatchObject([{ method: 'GET', operationId: 'getContacts' }]);
    expect(await control.clearViolations()).toHaveLength(1);
    expect(await control.violations()).toEqual([]);
  });

  it('refuses unknown tenants, routes and bodies', async () => {
    await expect(control.xero.state('no-such-tenant')).rejects.toThrow(/404/);
    await expect(control.xero.createTenant({ name: '' })).rejects.toThrow(/400/);
    expect((await fetch(`${server.url}/_control/nothing`)).status).toBe(404);
    expect((await fetch(`${server.url}/_control/violations`, { method: 'PUT' })).status).toBe(405);
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
  });
});
