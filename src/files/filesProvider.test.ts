import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { filesProvider } from './filesProvider';

const env = (data: unknown, totalCount?: number, key = 'files') => ({
  [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } },
});

function setup(status = 200, body: unknown = env(null)) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => jsonAnswer(status, body));
  return { provider: filesProvider(client), deps };
}

describe('filesProvider: the files area on the wire (SPEC.md)', () => {
  it('filters a page of files with its total, reads details and a preview address', async () => {
    const { provider, deps } = setup(200, env([{ file_id: 1 }], 21));
    await expect(provider.filesFilter({ f_grp_id: null, stext: 'kit', type: null }, 2, 20)).resolves.toEqual({ rows: [{ file_id: 1 }], total: 21 });
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env({ file_id: 2, name: 'notes.txt' })));
    await expect(provider.fileDetails(2)).resolves.toEqual({ file_id: 2, name: 'notes.txt' });
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env({ url: 'http://test/api/files/download/x?size=1600&inline=1' })));
    await expect(provider.filePreviewUrl(2)).resolves.toBe('http://test/api/files/download/x?size=1600&inline=1');
    expect(sentRequests(deps)).toEqual([
      { url: 'files/filter?limit=20&pagenumber=2&totalcount=1', method: 'POST', body: { f_grp_id: null, stext: 'kit', type: null } },
      { url: 'files/2/details', method: 'GET', body: undefined },
      { url: 'files/url/2', method: 'GET', body: undefined },
    ]);
  });

  it('renames, deletes one file and a list of files', async () => {
    const { provider, deps } = setup(200, env({ file_id: 2, name: 'Boiler notes.txt' }));
    await expect(provider.fileUpdate(2, { name: 'Boiler notes.txt', note: null })).resolves.toEqual({ file_id: 2, name: 'Boiler notes.txt' });
    await expect(provider.fileDelete(7)).resolves.toBe(true);
    await expect(provider.fileDeleteList([1, 2])).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      { url: 'files/2', method: 'PATCH', body: { name: 'Boiler notes.txt', note: null } },
      { url: 'files/7', method: 'DELETE', body: undefined },
      { url: 'files/deleteFileList?file_ids=1%2C2', method: 'DELETE', body: undefined },
    ]);
  });

  it("a job's documents: a page by group, the two flags, deleting attachments and sending to Dext", async () => {
    const { provider, deps } = setup(200, env([{ file_id: 1, fxj_id: 11 }], 2, 'jobs'));
    await expect(provider.jobDocuments(7, 'WORKORDERS', 1, 10)).resolves.toEqual({ rows: [{ file_id: 1, fxj_id: 11 }], total: 2 });
    await expect(provider.jobFileSetFlag(7, 'fxj_visible_to_client', [11], true)).resolves.toBe(true);
    await expect(provider.jobFileSetFlag(7, 'fxj_processed', [11], false)).resolves.toBe(true);
    await expect(provider.jobAttachmentsDelete(7, [1, 3])).resolves.toBe(true);
    await expect(provider.jobFileSendToDext(7, 11, 1)).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      { url: 'jobs/7/documents/filter?page=1&size=10', method: 'POST', body: { f_grp_id: 'WORKORDERS' } },
      { url: 'jobs/7/filevisibletoclient', method: 'PATCH', body: { fxj_ids: [11], fxj_visible_to_client: true } },
      { url: 'jobs/7/costinvoices', method: 'PATCH', body: { fxj_ids: [11], fxj_processed: false } },
      { url: 'jobs/7/attachments?file_ids=1%2C3', method: 'DELETE', body: undefined },
      { url: 'jobs/7/sendFileToDext', method: 'POST', body: { fxj_id: 11, file_id: 1 } },
    ]);
  });

  it('answers false (or null) to a refused change after the client has shown why; a refused read throws', async () => {
    const refusal = { files: { data: null, warning: null, dbErrors: [{ general: 'record' }], metadata: { server_datetime: '' } } };
    const { provider, deps } = setup(403, refusal);
    await expect(provider.fileUpdate(2, { name: 'x.txt' })).resolves.toBeNull();
    await expect(provider.fileDelete(2)).resolves.toBe(false);
    await expect(provider.fileDeleteList([1, 2])).resolves.toBe(false);
    await expect(provider.jobFileSetFlag(7, 'fxj_processed', [11], true)).resolves.toBe(false);
    await expect(provider.jobAttachmentsDelete(7, [1])).resolves.toBe(false);
    await expect(provider.jobFileSendToDext(7, 11, 1)).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledTimes(6);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.any(String));
    await expect(provider.filesFilter({}, 1, 20)).rejects.toThrow();
    await expect(provider.jobDocuments(7, null, 1, 10)).rejects.toThrow();
  });
});
