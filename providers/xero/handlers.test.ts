/** Each operation the product uses answers as Xero's contract says (every answer is validated against it). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractAnswer, session, startTestbed, type XeroTestbed } from './testkit';

let bed: XeroTestbed;
beforeAll(async () => {
  bed = await startTestbed();
});
afterAll(async () => {
  expect(bed.server.violations).toEqual([]);
  await bed.server.close();
});

const MS_DATE = /^\/Date\(\d+\+0000\)\/$/;

describe('identity', () => {
  it('lists the tenants connected to the token subject and disconnects one', async () => {
    const s = session(bed, 'Hilltop Plumbing Ltd');
    const other = bed.server.xero.createTenant({ name: 'Second Org', subject: s.subject });
    const list = await s.xero('GET', '/xero/connections');
    expect(list.status).toBe(200);
    expectContractAnswer(bed, 'identity', 'getConnections', 200, list.body);
    expect(list.body.map((c: { tenantName: string }) => c.tenantName).sort()).toEqual(['Hilltop Plumbing Ltd', 'Second Org']);
    expect(list.body[0]).toMatchObject({ tenantType: 'ORGANISATION' });
    const second = list.body.find((c: { tenantId: string }) => c.tenantId === other.tenantId);

    expect((await s.xero('DELETE', `/xero/connections/${second.id}`)).status).toBe(204);
    expect((await s.xero('DELETE', `/xero/connections/${second.id}`)).status).toBe(404);
    const after = await s.xero('GET', '/xero/Connections');
    expect(after.body.map((c: { tenantId: string }) => c.tenantId)).toEqual([s.tenantId]);
    // A disconnected tenant refuses the token's calls.
    expect((await s.xero('GET', '/Organisation', undefined, { 'xero-tenant-id': other.tenantId })).status).toBe(403);
  });
});

describe('organisation and tax rates', () => {
  it('answers the organisation', async () => {
    const s = session(bed, 'Acme Heating Ltd');
    const res = await s.xero('GET', '/Organisation');
    expect(res.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'getOrganisations', 200, res.body);
    expect(res.body).toMatchObject({ Status: 'OK', Organisations: [{ Name: 'Acme Heating Ltd', BaseCurrency: 'GBP', CountryCode: 'GB' }] });
    expect(res.body.DateTimeUTC).toMatch(MS_DATE);
  });

  it('answers the UK VAT rates', async () => {
    const res = await session(bed).xero('GET', '/TaxRates');
    expectContractAnswer(bed, 'accounting', 'getTaxRates', 200, res.body);
    const byType = Object.fromEntries(res.body.TaxRates.map((r: { TaxType: string }) => [r.TaxType, r]));
    expect(byType.OUTPUT2).toMatchObject({ Name: '20% (VAT on Income)', Status: 'ACTIVE', ReportTaxType: 'OUTPUT', EffectiveRate: 20, DisplayTaxRate: 20 });
    expect(byType.RROUTPUT).toMatchObject({ EffectiveRate: 5 });
    expect(byType.ZERORATEDOUTPUT).toMatchObject({ EffectiveRate: 0 });
    expect(byType.EXEMPTOUTPUT).toMatchObject({ ReportTaxType: 'EXEMPTOUTPUT' });
    expect(byType.NONE).toMatchObject({ Name: 'No VAT' });
  });
});

describe('contacts', () => {
  it('creates, reads by id and by number, and updates', async () => {
    const s = session(bed);
    const created = await s.xero('PUT', '/Contacts', { Contacts: [{ Name: 'Jane Roe', EmailAddress: 'jane@example.com', ContactNumber: 'C-1' }] });
    expect(created.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createContacts', 200, created.body);
    const [jane] = created.body.Contacts;
    expect(jane).toMatchObject({ Name: 'Jane Roe', ContactStatus: 'ACTIVE', HasValidationErrors: false });
    expect(jane.UpdatedDateUTC).toMatch(MS_DATE);

    const byId = await s.xero('GET', `/Contacts/${jane.ContactID}`);
    expectContractAnswer(bed, 'accounting', 'getContact', 200, byId.body);
    expect(byId.body.Contacts[0].ContactID).toBe(jane.ContactID);
    expect((await s.xero('GET', '/Contacts/C-1')).body.Contacts[0].ContactID).toBe(jane.ContactID);

    const updated = await s.xero('POST', '/Contacts', { Contacts: [{ ContactID: jane.ContactID, EmailAddress: 'jane@roe.example' }] });
    expectContractAnswer(bed, 'accounting', 'updateOrCreateContacts', 200, updated.body);
    expect(updated.body.Contacts[0]).toMatchObject({ Name: 'Jane Roe', EmailAddress: 'jane@roe.example' });
    expect((await s.xero('GET', '/Contacts')).body.Contacts).toHaveLength(1);
  });

  it('answers 404 with Xero body for an unknown id', async () => {
    const res = await session(bed).xero('GET', '/Contacts/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toBe("The resource you're looking for cannot be found");
  });

  it('keeps active contact names unique: summarised 400 saves nothing, summarizeErrors=false answers per element', async () => {
    const s = session(bed);
    bed.server.xero.seedContacts(s.tenantId, [{ Name: 'Bob Builder' }]);
    const message = 'The contact name Bob Builder is already assigned to another contact. The contact name must be unique across all active contacts.';

    const summarised = await s.xero('POST', '/Contacts', { Contacts: [{ Name: 'Alice' }, { Name: 'Bob Builder' }] });
    expect(summarised.status).toBe(400);
    expectContractAnswer(bed, 'accounting', 'updateOrCreateContacts', 400, summarised.body);
    expect(summarised.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException' });
    expect(summarised.body.Elements[1].ValidationErrors).toEqual([{ Message: message }]);
    expect(bed.server.xero.state(s.tenantId).contacts.map((c) => c.Name)).toEqual(['Bob Builder']);

    const perElement = await s.xero('POST', '/Contacts?summarizeErrors=false', { Contacts: [{ Name: 'Alice' }, { Name: 'bob builder' }] });
    expect(perElement.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'updateOrCreateContacts', 200, perElement.body);
    const [alice, bob] = perElement.body.Contacts;
    expect(alice).toMatchObject({ Name: 'Alice', HasValidationErrors: false, StatusAttributeString: 'OK' });
    expect(bob).toMatchObject({ HasValidationErrors: true, StatusAttributeString: 'ERROR' });
    expect(bob.ValidationErrors[0].Message).toContain('is already assigned to another contact');

    // An archived contact frees its name.
    const [seeded] = bed.server.xero.state(s.tenantId).contacts.filter((c) => c.Name === 'Bob Builder');
    await s.xero('POST', '/Contacts', { Contacts: [{ ContactID: seeded.ContactID, ContactStatus: 'ARCHIVED' }] });
    expect((await s.xero('PUT', '/Contacts', { Contacts: [{ Name: 'Bob Builder' }] })).status).toBe(200);
  });

  it('pages 100 a page with pagination, and pageSize', async () => {
    const s = session(bed);
    bed.server.xero.seedContacts(
      s.tenantId,
      Array.from({ length: 205 }, (_, i) => ({ Name: `Customer ${String(i).padStart(3, '0')}` })),
    );
    const page1 = await s.xero('GET', '/Contacts?page=1');
    expectContractAnswer(bed, 'accounting', 'getContacts', 200, page1.body);
    expect(page1.body.Contacts).toHaveLength(100);
    expect(page1.body.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 3, itemCount: 205 });
    const page3 = await s.xero('GET', '/Contacts?page=3');
    expect(page3.body.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['Customer 200', 'Customer 201', 'Customer 202', 'Customer 203', 'Customer 204']);
    expect((await s.xero('GET', '/Contacts?page=4')).body.Contacts).toEqual([]);
    const small = await s.xero('GET', '/Contacts?page=2&pageSize=50');
    expect(small.body.pagination).toEqual({ page: 2, pageSize: 50, pageCount: 5, itemCount: 205 });
    expect(small.body.Contacts[0].Name).toBe('Customer 050');
    const all = await s.xero('GET', '/Contacts');
    expect(all.body.Contacts).toHaveLength(205);
    expect(all.body.pagination).toBeUndefined();
  });

  it('answers only what changed after If-Modified-Since', async () => {
    const s = session(bed);
    const now = bed.server.clock.now();
    bed.server.xero.seedContacts(s.tenantId, [
      { Name: 'Old', updatedMs: now - 3_600_000 },
      { Name: 'New', updatedMs: now },
    ]);
    const since = new Date(now - 60_000).toISOString().slice(0, 19);
    const res = await s.xero('GET', '/Contacts?page=1', undefined, { 'If-Modified-Since': since });
    expectContractAnswer(bed, 'accounting', 'getContacts', 200, res.body);
    expect(res.body.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['New']);
  });
});

describe('items', () => {
  it('upserts by Code and answers the whole list, or what changed since', async () => {
    const s = session(bed);
    const created = await s.xero('PUT', '/Items', {
      Items: [
        { Code: 'BOILER-SVC', Name: 'Boiler service', SalesDetails: { UnitPrice: 95, TaxType: 'OUTPUT2' } },
        { Code: 'CALLOUT', Name: 'Call-out fee' },
      ],
    });
    expect(created.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createItems', 200, created.body);
    const firstId = created.body.Items[0].ItemID;

    bed.server.clock.advance(60_000);
    const cutoff = new Date(bed.server.clock.now() - 1000).toISOString();
    const updated = await s.xero('POST', '/Items', { Items: [{ Code: 'BOILER-SVC', Name: 'Annual boiler service' }] });
    expectContractAnswer(bed, 'accounting', 'updateOrCreateItems', 200, updated.body);
    expect(updated.body.Items[0]).toMatchObject({ ItemID: firstId, Name: 'Annual boiler service', IsSold: true });

    const all = await s.xero('GET', '/Items');
    expectContractAnswer(bed, 'accounting', 'getItems', 200, all.body);
    expect(all.body.Items).toHaveLength(2);
    const changed = await s.xero('GET', '/Items', undefined, { 'If-Modified-Since': cutoff });
    expect(changed.body.Items.map((i: { Code: string }) => i.Code)).toEqual(['BOILER-SVC']);
  });
});

describe('documents', () => {
  const lines = [
    { Description: 'Boiler service', Quantity: 1, UnitAmount: 95, TaxType: 'OUTPUT2', AccountCode: '200' },
    { Description: 'Parts', Quantity: 2, UnitAmount: 12.5, TaxType: 'RROUTPUT', AccountCode: '200' },
  ];

  it('creates ACCREC invoices numbered INV-0001…, priced, and reads them back', async () => {
    const s = session(bed);
    const [contact] = bed.server.xero.seedContacts(s.tenantId, [{ Name: 'Mrs Smith' }]);
    const res = await s.xero('PUT', '/Invoices', {
      Invoices: [{ Type: 'ACCREC', Contact: { ContactID: contact.ContactID }, Date: '2026-11-27', DueDate: '2026-12-27', LineItems: lines }],
    });
    expect(res.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createInvoices', 200, res.body);
    const [inv] = res.body.Invoices;
    expect(inv).toMatchObject({ InvoiceNumber: 'INV-0001', Type: 'ACCREC', Status: 'DRAFT', SubTotal: 120, TotalTax: 20.25, Total: 140.25, AmountDue: 140.25 });
    expect(inv.Date).toBe(`/Date(${Date.UTC(2026, 10, 27)}+0000)/`);

    const second = await s.xero('POST', '/Invoices', { Invoices: [{ Type: 'ACCREC', Contact: { Name: 'New Customer' }, LineItems: lines }] });
    expectContractAnswer(bed, 'accounting', 'updateOrCreateInvoices', 200, second.body);
    expect(second.body.Invoices[0].InvoiceNumber).toBe('INV-0002');
    // A contact given by a new name is created, as Xero does.
    expect(bed.server.xero.state(s.tenantId).contacts.map((c) => c.Name)).toContain('New Customer');

    const got = await s.xero('GET', `/Invoices/${inv.InvoiceID}`);
    expectContractAnswer(bed, 'accounting', 'getInvoice', 200, got.body);
    expect(got.body.Invoices[0].InvoiceNumber).toBe('INV-0001');
    expect((await s.xero('GET', '/Invoices/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const authorised = await s.xero('POST', `/Invoices/${inv.InvoiceID}`, { Invoices: [{ Status: 'AUTHORISED' }] });
    expectContractAnswer(bed, 'accounting', 'updateInvoice', 200, authorised.body);
    expect(authorised.body.Invoices[0]).toMatchObject({ InvoiceNumber: 'INV-0001', Status: 'AUTHORISED', Total: 140.25 });
  });

  it('gives an online invoice link for a sent invoice, not for a draft', async () => {
    const s = session(bed);
    const res = await s.xero('PUT', '/Invoices', { Invoices: [{ Type: 'ACCREC', Contact: { Name: 'Online Ltd' }, LineItems: lines }] });
    const id = res.body.Invoices[0].InvoiceID;
    expect((await s.xero('GET', `/Invoices/${id}/OnlineInvoice`)).status).toBe(400);
    await s.xero('POST', `/Invoices/${id}`, { Invoices: [{ Status: 'AUTHORISED', DueDate: '2026-12-31' }] });
    const online = await s.xero('GET', `/Invoices/${id}/OnlineInvoice`);
    expect(online.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'getOnlineInvoice', 200, online.body);
    const page = await fetch(online.body.OnlineInvoices[0].OnlineInvoiceUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(res.body.Invoices[0].InvoiceNumber);
  });

  it('creates quotes QU-0001… and credit notes CN-0001…, and reads them back', async () => {
    const s = session(bed);
    const quote = await s.xero('PUT', '/Quotes', { Quotes: [{ Contact: { Name: 'Quote Co' }, Date: '2026-11-27', LineItems: lines }] });
    expect(quote.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createQuotes', 200, quote.body);
    expect(quote.body.Quotes[0]).toMatchObject({ QuoteNumber: 'QU-0001', Status: 'DRAFT', Total: 140.25 });
    const gotQuote = await s.xero('GET', `/Quotes/${quote.body.Quotes[0].QuoteID}`);
    expectContractAnswer(bed, 'accounting', 'getQuote', 200, gotQuote.body);

    const credit = await s.xero('PUT', '/CreditNotes', { CreditNotes: [{ Type: 'ACCRECCREDIT', Contact: { Name: 'Quote Co' }, LineItems: lines }] });
    expect(credit.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createCreditNotes', 200, credit.body);
    expect(credit.body.CreditNotes[0]).toMatchObject({ CreditNoteNumber: 'CN-0001', Type: 'ACCRECCREDIT', RemainingCredit: 140.25 });
    const gotCredit = await s.xero('GET', `/CreditNotes/${credit.body.CreditNotes[0].CreditNoteID}`);
    expectContractAnswer(bed, 'accounting', 'getCreditNote', 200, gotCredit.body);
    expect(bed.server.xero.state(s.tenantId).contacts.filter((c) => c.Name === 'Quote Co')).toHaveLength(1);
  });

  it('refuses an unknown tax type per element, saving the good elements or, summarised, nothing', async () => {
    const s = session(bed);
    const res = await s.xero('PUT', '/Invoices?summarizeErrors=false', {
      Invoices: [{ Type: 'ACCREC', Contact: { Name: 'X' }, LineItems: [{ Description: 'a', Quantity: 1, UnitAmount: 1, TaxType: 'NOPE' }] }],
    });
    expect(res.status).toBe(200);
    expectContractAnswer(bed, 'accounting', 'createInvoices', 200, res.body);
    expect(res.body.Invoices[0]).toMatchObject({ HasErrors: true, StatusAttributeString: 'ERROR' });
    // Nothing of the refused element is kept: no invoice, no contact made from its Name.
    expect(bed.server.xero.state(s.tenantId)).toMatchObject({ invoices: [], contacts: [] });

    const mixed = await s.xero('PUT', '/Invoices?summarizeErrors=false', {
      Invoices: [
        { Type: 'ACCREC', Contact: { Name: 'Bad' }, LineItems: [{ Description: 'a', Quantity: 1, UnitAmount: 1, TaxType: 'NOPE' }] },
        { Type: 'ACCREC', Contact: { Name: 'Good' }, LineItems: lines },
      ],
    });
    expectContractAnswer(bed, 'accounting', 'createInvoices', 200, mixed.body);
    expect(mixed.body.Invoices.map((i: { StatusAttributeString: string }) => i.StatusAttributeString)).toEqual(['ERROR', 'OK']);
    expect(mixed.body.Invoices[1].InvoiceNumber).toBe('INV-0001');
    expect(bed.server.xero.state(s.tenantId).contacts.map((c) => c.Name)).toEqual(['Good']);

    const summarised = await s.xero('PUT', '/Invoices', {
      Invoices: [
        { Type: 'ACCREC', Contact: { Name: 'Another' }, LineItems: lines },
        { Type: 'ACCREC', Contact: { Name: 'Bad' }, LineItems: [{ Description: 'a', Quantity: 1, UnitAmount: 1, TaxType: 'NOPE' }] },
      ],
    });
    expect(summarised.status).toBe(400);
    expectContractAnswer(bed, 'accounting', 'createInvoices', 400, summarised.body);
    expect(bed.server.xero.state(s.tenantId).invoices).toHaveLength(1);
    const next = await s.xero('PUT', '/Invoices', { Invoices: [{ Type: 'ACCREC', Contact: { Name: 'Good' }, LineItems: lines }] });
    expect(next.body.Invoices[0].InvoiceNumber).toBe('INV-0002');
  });

  it('refuses an approved invoice line without a ledger account, as Xero does; a draft, an account code or an item with one passes', async () => {
    const s = session(bed);
    bed.server.xero.seedItems(s.tenantId, [{ Code: 'CALLOUT', Name: 'Call-out', SalesDetails: { UnitPrice: 60, AccountCode: '200' } }]);
    const line = { Description: 'Call-out', Quantity: 1, UnitAmount: 60, TaxType: 'OUTPUT2' };
    const res = await s.xero('PUT', '/Invoices?summarizeErrors=false', {
      Invoices: [
        { Type: 'ACCREC', Status: 'AUTHORISED', Contact: { Name: 'No account' }, LineItems: [line] },
        { Type: 'ACCREC', Status: 'DRAFT', Contact: { Name: 'Draft' }, LineItems: [line] },
        { Type: 'ACCREC', Status: 'AUTHORISED', Contact: { Name: 'Account code' }, LineItems: [{ ...line, AccountCode: '200' }] },
        { Type: 'ACCREC', Status: 'AUTHORISED', Contact: { Name: 'Item' }, LineItems: [{ ...line, ItemCode: 'CALLOUT' }] },
      ],
    });
    expectContractAnswer(bed, 'accounting', 'createInvoices', 200, res.body);
    expect(res.body.Invoices.map((i: { StatusAttributeString: string }) => i.StatusAttributeString)).toEqual(['ERROR', 'OK', 'OK', 'OK']);
    expect(res.body.Invoices[0].ValidationErrors[0].Message).toBe("Account code '' is not a valid code for this document.");
  });
});
