/** The gate: contract violations, bearer and tenant checks, rate limits, failNext, loseAnswer and idempotency. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session, startTestbed, type XeroTestbed } from './testkit';

// Start on a minute boundary so a test knows where the windows lie; tests move it forward.
let now = Date.UTC(2026, 10, 27, 10, 0, 0);
let bed: XeroTestbed;
beforeAll(async () => {
  bed = await startTestbed({ clock: () => now });
});
afterEach(() => {
  bed.server.xero.clearFaults();
  bed.server.violations.splice(0);
});
afterAll(async () => {
  await bed.server.close();
});

const invoice = (name: string) => ({
  Invoices: [{ Type: 'ACCREC', Contact: { Name: name }, LineItems: [{ Description: 'Work', Quantity: 1, UnitAmount: 100 }] }],
});

describe('the contract gate', () => {
  it('answers a violation 400 and records it', async () => {
    const s = session(bed);
    const res = await s.xero('PUT', '/Contacts', { Contacts: [{ Name: 'A', ContactStatus: 'SLEEPING' }] });
    expect(res.status).toBe(400);
    expect(res.body.Type).toBe('ContractViolation');
    expect(res.body.errors[0]).toMatchObject({ instancePath: '/requestBody/Contacts/0/ContactStatus', keyword: 'enum' });
    expect(bed.server.violations).toEqual([{ method: 'PUT', path: '/xero/api.xro/2.0/Contacts', operationId: 'createContacts', errors: res.body.errors }]);
    expect(bed.server.xero.state(s.tenantId).contacts).toEqual([]);
  });

  it('checks query parameters, headers and JSON itself', async () => {
    const s = session(bed);
    expect((await s.xero('GET', '/Contacts?page=first')).body.errors[0]).toMatchObject({ instancePath: '/query/page' });
    expect((await s.xero('GET', '/Contacts', undefined, { 'xero-tenant-id': '' })).status).toBe(403);
    const res = await fetch(`${bed.server.url}/xero/api.xro/2.0/Contacts`, { headers: { authorization: `Bearer ${s.token}` } });
    expect((await res.json()).errors[0]).toMatchObject({ params: { missingProperty: 'xero-tenant-id' } });
    const bad = await fetch(`${bed.server.url}/xero/api.xro/2.0/Contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'xero-tenant-id': s.tenantId, 'content-type': 'application/json' },
      body: '{"Contacts": [',
    });
    expect(bad.status).toBe(400);
    expect(bed.server.violations.map((v) => v.operationId)).toEqual(['getContacts', 'getContacts', null]);
  });

  it('records a call to a path the contract does not have', async () => {
    const res = await session(bed).xero('GET', '/Customers');
    expect(res.status).toBe(404);
    expect(bed.server.violations).toMatchObject([{ method: 'GET', path: '/xero/api.xro/2.0/Customers', operationId: null }]);
  });
});

describe('bearer and tenant', () => {
  it('answers 401 in Xero shape without a known token', async () => {
    const s = session(bed);
    for (const authorization of ['', 'Bearer nobody']) {
      const res = await fetch(`${bed.server.url}/xero/api.xro/2.0/Organisation`, { headers: { authorization, 'xero-tenant-id': s.tenantId } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toEqual({ Type: null, Title: 'Unauthorized', Status: 401, Detail: 'AuthenticationUnsuccessful' });
    }
  });

  it('answers 403 for a tenant the subject is not connected to', async () => {
    const mine = session(bed);
    const theirs = session(bed);
    expect((await mine.xero('GET', '/Organisation', undefined, { 'xero-tenant-id': theirs.tenantId })).status).toBe(403);
  });
});

describe('rate limits', () => {
  it('counts per minute and per day, refuses over the limit with Retry-After, and opens the next window with the clock', async () => {
    now = Date.UTC(2026, 10, 27, 11, 0, 0);
    bed.server.xero.limits({ perMinute: 3, perDay: 5 });
    const s = session(bed);
    const first = await s.xero('GET', '/Organisation');
    expect(first.headers.get('x-minlimit-remaining')).toBe('2');
    expect(first.headers.get('x-daylimit-remaining')).toBe('4');
    expect(Number(first.headers.get('x-appminlimit-remaining'))).toBeGreaterThan(0);
    await s.xero('GET', '/Organisation');
    await s.xero('GET', '/Organisation');
    now += 20_000;
    const over = await s.xero('GET', '/Organisation');
    expect(over.status).toBe(429);
    expect(over.headers.get('x-rate-limit-problem')).toBe('minute');
    expect(over.headers.get('retry-after')).toBe('40');
    expect(over.headers.get('x-minlimit-remaining')).toBe('0');

    // Another tenant has its own windows.
    expect((await session(bed).xero('GET', '/Organisation')).status).toBe(200);

    now += 40_000;
    expect((await s.xero('GET', '/Organisation')).status).toBe(200);
    expect((await s.xero('GET', '/Organisation')).status).toBe(200);
    const day = await s.xero('GET', '/Organisation');
    expect(day.status).toBe(429);
    expect(day.headers.get('x-rate-limit-problem')).toBe('day');
    // The day window is the UTC calendar day: it reopens at midnight.
    expect(Number(day.headers.get('retry-after'))).toBe((Date.UTC(2026, 10, 28) - now) / 1000);

    const calls = bed.server.xero.state(s.tenantId).calls;
    expect(calls.total).toBe(7);
    expect(calls.perMinute).toEqual([
      { minute: '2026-11-27T11:00:00.000Z', count: 4 },
      { minute: '2026-11-27T11:01:00.000Z', count: 3 },
    ]);
    expect(calls.log.map((c) => c.status)).toEqual([200, 200, 200, 429, 200, 200, 429]);
  });

  it('refuses calls over the concurrency cap', async () => {
    bed.server.xero.limits({ concurrent: 2 });
    bed.server.xero.latency(300);
    const s = session(bed);
    const answers = await Promise.all([1, 2, 3].map(() => s.xero('GET', '/Organisation')));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].headers.get('x-rate-limit-problem')).toBe('concurrent');
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.xero('GET', '/Organisation')).status).toBe(200);
  });

  it('has an app-wide minute limit', async () => {
    now = Date.UTC(2026, 10, 27, 12, 0, 0);
    bed.server.xero.limits({ appPerMinute: 2 });
    const a = session(bed);
    const b = session(bed);
    expect((await a.xero('GET', '/Organisation')).headers.get('x-appminlimit-remaining')).toBe('1');
    expect((await b.xero('GET', '/Organisation')).status).toBe(200);
    const over = await a.xero('GET', '/Organisation');
    expect(over.status).toBe(429);
    expect(over.headers.get('x-rate-limit-problem')).toBe('appminute');
  });
});

describe('scenario faults', () => {
  it('failNext answers the next calls with the status, for one operation or any', async () => {
    const s = session(bed);
    bed.server.xero.failNext({ count: 2, status: 503, operationId: 'createInvoices' });
    expect((await s.xero('GET', '/Organisation')).status).toBe(200);
    expect((await s.xero('PUT', '/Invoices', invoice('A'))).status).toBe(503);
    expect((await s.xero('PUT', '/Invoices', invoice('A'))).status).toBe(503);
    expect((await s.xero('PUT', '/Invoices', invoice('A'))).status).toBe(200);
    bed.server.xero.failNext();
    const res = await s.xero('GET', '/TaxRates');
    expect(res.status).toBe(503);
    expect(res.headers.get('x-minlimit-remaining')).not.toBeNull();
    expect(bed.server.xero.state(s.tenantId).invoices).toHaveLength(1);
  });

  it('loseAnswer commits the write and drops the answer; the retry with the same Idempotency-Key creates nothing new', async () => {
    const s = session(bed);
    bed.server.xero.loseAnswer({ operationId: 'createInvoices' });
    const key = { 'Idempotency-Key': 'job-42-section-1-v1' };
    await expect(s.xero('PUT', '/Invoices', invoice('Lost Answer Ltd'), key)).rejects.toThrow();
    const stored = bed.server.xero.state(s.tenantId);
    expect(stored.invoices).toHaveLength(1);
    expect(stored.calls.log.at(-1)).toMatchObject({ operationId: 'createInvoices', status: 200, lost: true });

    const retry = await s.xero('PUT', '/Invoices', invoice('Lost Answer Ltd'), key);
    expect(retry.status).toBe(200);
    expect(retry.body.Invoices[0].InvoiceID).toBe(stored.invoices[0].InvoiceID);
    expect(retry.body.Invoices[0].InvoiceNumber).toBe('INV-0001');
    expect(bed.server.xero.state(s.tenantId).invoices).toHaveLength(1);
    expect(bed.server.xero.state(s.tenantId).contacts).toHaveLength(1);
    expect((await s.xero('PUT', '/Invoices', invoice('Lost Answer Ltd'), { 'Idempotency-Key': 'k'.repeat(129) })).status).toBe(400);
    expect(bed.server.violations).toMatchObject([{ operationId: 'createInvoices' }]);

    // A new key is a new invoice; the same key on another operation is its own.
    expect((await s.xero('PUT', '/Invoices', invoice('Lost Answer Ltd'), { 'Idempotency-Key': 'job-42-section-1-v2' })).body.Invoices[0].InvoiceNumber).toBe(
      'INV-0002',
    );
    expect((await s.xero('PUT', '/Quotes', { Quotes: [{ Contact: { Name: 'Q' }, LineItems: [] }] }, key)).body.Quotes[0].QuoteNumber).toBe('QU-0001');
  });
});
