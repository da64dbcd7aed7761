import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { devtoolsProvider } from './devtoolsProvider';

const env = (data: unknown, totalCount?: number) => ({
  dev: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } },
});

describe('devtoolsProvider: the developer tools on the wire', () => {
  it("reads the dashboard, and a page of this brand's or every brand's errors with its total", async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env([{ id: 'e1' }], 41)));
    const provider = devtoolsProvider(client);
    await expect(provider.devDashboard()).resolves.toEqual([{ id: 'e1' }]);
    await expect(provider.errorLogs({ allBrands: false, stext: null, page: 1, perPage: 20 })).resolves.toEqual({ rows: [{ id: 'e1' }], total: 41 });
    await provider.errorLogs({ allBrands: true, stext: 'boom', page: 3, perPage: 20 });
    expect(sentRequests(deps)).toEqual([
      { url: 'dev/dashboard', method: 'GET', body: undefined },
      { url: 'dev/globalerrors/filter?limit=20&pagenumber=1&totalcount=1', method: 'POST', body: { stext: null } },
      { url: 'dev/errorlogs/filter?limit=20&pagenumber=3&totalcount=1', method: 'POST', body: { stext: 'boom' } },
    ]);
  });
});
