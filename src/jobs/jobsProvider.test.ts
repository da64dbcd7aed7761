import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { jobsProvider } from './jobsProvider';

const env = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  jobs: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, ...metadata } },
});

/** The provider over a client whose fetch answers `data` to every call, and the calls it made. */
function setup(data: unknown = {}, metadata: Record<string, unknown> = {}) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => jsonAnswer(200, env(data, metadata)));
  const sent = () => sentRequests(deps);
  return { provider: jobsProvider(client), sent, deps };
}

describe('jobsProvider: the job screens on the wire (SPEC.md point 7)', () => {
  it('sales: load, save, duplicate, delete and reorder', async () => {
    const { provider, sent } = setup({ job_id: 5, sections: [] });
    await expect(provider.jobSales(5)).resolves.toEqual({ job_id: 5, sections: [] });
    await provider.jobSalesCreate(5, {});
    await provider.jobSalesUpdate(5, 1, { jss_title: 'Bath', items: [] });
    await provider.jobSalesDelete(5, 1);
    await provider.jobSalesDuplicate(5, 1);
    await provider.jobSalesReorderSections(5, [2, 1]);
    await provider.jobSalesReorderItems(5, 1, [12, 11]);
    expect(sent()).toEqual([
      { url: 'jobs/5/sales', method: 'GET', body: undefined },
      { url: 'jobs/5/sales', method: 'POST', body: {} },
      { url: 'jobs/5/sales/1', method: 'PATCH', body: { jss_title: 'Bath', items: [] } },
      { url: 'jobs/5/sales/1', method: 'DELETE', body: undefined },
      { url: 'jobs/5/salessectionduplicate', method: 'POST', body: { jss_id: 1 } },
      { url: 'jobs/5/salessections', method: 'PATCH', body: { order: [2, 1] } },
      { url: 'jobs/5/salessectionitems', method: 'PATCH', body: { jss_id: 1, order: [12, 11] } },
    ]);
  });

  it("send to Xero: POST generatexeroinvoice with the section and the chosen type, answering the server's data", async () => {
    const answer = { status: 'done', xsp_id: 3, message: 'Sent to Xero as INV-0001.', section: { jss_id: 1 }, sales: { job_id: 5, sections: [] } };
    const { provider, sent } = setup(answer);
    await expect(provider.jobSalesToXero(5, 1, 'ADVANCE_PAYMENT')).resolves.toEqual(answer);
    expect(sent()).toEqual([{ url: 'jobs/5/generatexeroinvoice', method: 'POST', body: { jss_id: 1, type: 'ADVANCE_PAYMENT' } }]);
  });

  it("sales PDF: downloads under the server's file name; a new draft gets it attached, or is deleted again", async () => {
    const { client, deps } = makeClient();
    const provider = jobsProvider(client);
    const pdfAnswer = () =>
      new Response('%PDF-1.3', {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Credit note-AC1-7.pdf"' },
      });
    const mailEnv = (data: unknown) => ({ maildrafts: env(data).jobs });
    deps.fetch
      .mockResolvedValueOnce(pdfAnswer())
      .mockResolvedValueOnce(jsonAnswer(201, mailEnv({ mdraft_id: 77 })))
      .mockResolvedValueOnce(jsonAnswer(201, mailEnv({ mdraft_id: 77 })));
    const pdf = await provider.jobSalesPdf(5, 7, 'CREDIT_NOTE');
    expect(pdf?.fileName).toBe('Credit note-AC1-7.pdf');
    expect(await pdf?.blob.text()).toBe('%PDF-1.3');
    await expect(provider.salesPdfDraft(pdf!, 'Credit note AC1-7')).resolves.toBe(77);
    const calls = deps.fetch.mock.calls.map(([url, init]) => [String(url).replace('http://test.local/api/', ''), init?.method]);
    expect(calls).toEqual([
      ['jobs/5/salessections/7/pdf?type=CREDIT_NOTE', 'GET'],
      ['maildrafts/create', 'POST'],
      ['maildrafts/77/attachments', 'POST'],
    ]);
    expect(JSON.parse(String(deps.fetch.mock.calls[1][1]?.body))).toEqual({ mdraft_subject: 'Credit note AC1-7' });
    const form = deps.fetch.mock.calls[2][1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('Credit note-AC1-7.pdf');

    deps.fetch.mockReset();
    deps.fetch
      .mockResolvedValueOnce(jsonAnswer(201, mailEnv({ mdraft_id: 78 })))
      .mockResolvedValueOnce(jsonAnswer(413, mailEnv(null)))
      .mockResolvedValueOnce(jsonAnswer(200, mailEnv({ deleted: 1 })));
    await expect(provider.salesPdfDraft(pdf!, 'x')).rejects.toThrow();
    expect(deps.fetch.mock.calls.map(([url, init]) => [String(url).replace('http://test.local/api/', ''), init?.method])).toEqual([
      ['maildrafts/create', 'POST'],
      ['maildrafts/78/attachments', 'POST'],
      ['maildrafts/78', 'DELETE'],
    ]);
  });

  it('costs: load, the _bulk call, an engineer lock', async () => {
    const { provider, sent } = setup({ job_id: 5, rows: [] });
    await provider.jobCosts(5);
    await provider.jobCostsBulk(5, [{ jc_id: 31, _delete: true }]);
    await provider.jobEngineerLock(5, 9, true);
    expect(sent()).toEqual([
      { url: 'jobs/5/costs', method: 'GET', body: undefined },
      { url: 'jobs/5/costs', method: 'POST', body: { _bulk: [{ jc_id: 31, _delete: true }] } },
      { url: 'jobs/5/engineerlockedstatus', method: 'POST', body: { us_id: 9, locked: true } },
    ]);
  });

  it('the engineers pick list is named for the picker', async () => {
    const engineers = setup([{ us_id: 9, fullname: null }]);
    await expect(engineers.provider.costEngineers()).resolves.toEqual([{ id: 9, name: '9' }]);
    expect(engineers.sent()).toEqual([{ url: 'users/engineers', method: 'GET', body: undefined }]);
  });

  it('the item: details, create, save, copy, delete, history and the issue flag', async () => {
    const { provider, sent } = setup({ job_id: 6 });
    await provider.jobDetails(5);
    await expect(provider.jobCreate({ de_id: 1 } as never)).resolves.toEqual({ job_id: 6 });
    await provider.jobUpdate(5, { js_id: 4, jsc_id: 8 });
    await provider.jobCopy(5);
    await provider.jobDelete(5);
    await provider.jobHistory(5);
    await provider.jobSetIssue(5, true);
    expect(sent()).toEqual([
      { url: 'jobs/5/details', method: 'GET', body: undefined },
      { url: 'jobs/create', method: 'POST', body: { de_id: 1 } },
      { url: 'jobs/5', method: 'PATCH', body: { js_id: 4, jsc_id: 8 } },
      { url: 'jobs/5/copy', method: 'POST', body: {} },
      { url: 'jobs/5', method: 'DELETE', body: undefined },
      { url: 'jobs/5/history', method: 'GET', body: undefined },
      { url: 'jobs/5/issue', method: 'POST', body: { job_has_issue: true } },
    ]);
  });

  it('the sheet: one page of the filter with its total', async () => {
    const { provider, sent } = setup([{ job_id: 1 }], { totalCount: 41 });
    await expect(provider.jobSheet({ filter: { job_status: ['BOOKED'] }, sort: '-created_at', page: 2, perPage: 20 })).resolves.toEqual({
      rows: [{ job_id: 1 }],
      total: 41,
    });
    expect(sent()).toEqual([{ url: 'jobs/filter?limit=20&pagenumber=2&sort=-created_at&totalcount=1', method: 'POST', body: { job_status: ['BOOKED'] } }]);
  });

  it("a site's contacts: the site's links, then their names by ids", async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async (input) =>
      String(input).includes('/jobsites/3/details')
        ? jsonAnswer(200, env({ js_id: 3, sitecontacts: [{ jsc_id: 7 }, { jsc_id: 8 }] }))
        : jsonAnswer(200, env([{ jsc_id: 7, jsc_name: 'Tina Tenant' }])),
    );
    await expect(jobsProvider(client).jobSiteContacts(3)).resolves.toEqual([{ id: 7, name: 'Tina Tenant' }]);
    const [, [url, init]] = deps.fetch.mock.calls;
    expect(String(url)).toBe('http://test.local/api/jobsitecontacts/filter?limit=500&sort=jsc_name');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: [7, 8] });
  });

  it('passes the query signal through, so leaving a screen cancels its request', async () => {
    const { provider, deps } = setup({});
    const controller = new AbortController();
    await provider.jobSales(5, controller.signal);
    expect(deps.fetch.mock.calls[0][1]?.signal).toBe(controller.signal);
  });
});
