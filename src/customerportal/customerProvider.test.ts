import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { customerProvider } from './customerProvider';

const env = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  customerportal: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, ...metadata } },
});

function setup(data: unknown = {}, metadata: Record<string, unknown> = {}) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => jsonAnswer(200, env(data, metadata)));
  const sent = () => sentRequests(deps);
  return { provider: customerProvider(client), sent };
}

describe('customerProvider: the customer portal on the wire (SPEC.md point 7, issue 24)', () => {
  it('pages the customer’s jobs 20 at a time, with the total', async () => {
    const { provider, sent } = setup([{ job_id: 4 }], { totalCount: 21 });
    await expect(provider.customerJobs({ stext: 'boiler' }, 2)).resolves.toEqual({ rows: [{ job_id: 4 }], total: 21 });
    expect(sent()).toEqual([{ url: 'customerportal/filter?limit=20&pagenumber=2&totalcount=1', method: 'POST', body: { stext: 'boiler' } }]);
  });

  it('a saved job sends only its texts, never a status; requests, decisions and messages use the portal’s calls', async () => {
    const { provider, sent } = setup({});
    await provider.customerUpdateJob(9, { job_desc: 'Leak', job_details: 'Under the sink' });
    await provider.customerRequestJob({ js_id: 3, job_desc: 'Gutter' });
    await provider.customerQuoteDecision(9, 'approve', 'Pat Customer');
    await provider.customerMessage(9, 'Ring first');
    await provider.customerAppendClient(3, 5);
    expect(sent()).toEqual([
      { url: 'customerportal/9/update', method: 'PATCH', body: { job_desc: 'Leak', job_details: 'Under the sink' } },
      { url: 'customerportal/insert', method: 'POST', body: { js_id: 3, job_desc: 'Gutter' } },
      { url: 'customerportal/9/quotedecision', method: 'POST', body: { decision: 'approve', name: 'Pat Customer' } },
      { url: 'customerportal/9/message', method: 'POST', body: { text: 'Ring first' } },
      { url: 'customerportal/appendClientToJobsite', method: 'POST', body: { js_id: 3, co_id: 5 } },
    ]);
  });
});
