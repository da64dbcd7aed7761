import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { engineerReportsProvider } from './engineerReportsProvider';

const env = (data: unknown, totalCount?: number) => ({
  engineerreports: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } },
});

function setup(answer: Response) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => answer.clone());
  return { provider: engineerReportsProvider(client), sent: () => sentRequests(deps), deps };
}

describe('engineerReportsProvider: the engineer reports on the wire', () => {
  it('asks a page with its total and removes reports by a comma-separated id string', async () => {
    const { provider, sent } = setup(jsonAnswer(200, env([{ er_id: 4 }], 21)));
    await expect(provider.engineerReports(2, 20)).resolves.toEqual({ rows: [{ er_id: 4 }], total: 21 });
    await expect(provider.removeEngineerReports([4, 3])).resolves.toBe(true);
    expect(sent()).toEqual([
      { url: 'engineerreports/list?limit=20&pagenumber=2&totalcount=1', method: 'GET', body: undefined },
      { url: 'engineerreports/removereports', method: 'POST', body: { er_ids: '4,3' } },
    ]);
  });

  it('answers false to a refused removal, after the client has shown why', async () => {
    const refusal = { engineerreports: { data: null, warning: null, dbErrors: [{ general: 'Not allowed' }], metadata: { server_datetime: '' } } };
    const { provider, deps } = setup(jsonAnswer(403, refusal));
    await expect(provider.removeEngineerReports([4])).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.stringContaining('Not allowed'));
  });
});
