import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { noteProblem, siteNotesProvider } from './siteNotesProvider';

const env = (data: unknown, dbErrors: unknown = null) => ({
  jobsites: { data, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: true } } },
});

describe('siteNotesProvider: a site’s notes on the wire (SPEC.md point 7)', () => {
  it('lists, adds, updates and deletes with the site in the query', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env([{ jsn_id: 3, jsn_note: 'Key under the mat' }])));
    const provider = siteNotesProvider(client);
    await expect(provider.siteNotes(8)).resolves.toEqual([{ jsn_id: 3, jsn_note: 'Key under the mat' }]);
    await expect(provider.siteNoteAdd(8, 'Dog on site')).resolves.toBe(true);
    await expect(provider.siteNoteUpdate(8, 3, 'Key in the lock box')).resolves.toBe(true);
    await expect(provider.siteNoteRemove(8, 3)).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      { url: 'jobsites/jobsitenotes?js_id=8', method: 'GET', body: undefined },
      { url: 'jobsites/jobsitenotes?js_id=8', method: 'POST', body: { jsn_note: 'Dog on site' } },
      { url: 'jobsites/jobsitenotes/3?js_id=8', method: 'PATCH', body: { jsn_note: 'Key in the lock box' } },
      { url: 'jobsites/jobsitenotes/3?js_id=8', method: 'DELETE', body: undefined },
    ]);
  });

  it('answers false to a refusal, whose reason the client shows', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(403, env(null, [{ general: 'Not allowed' }])));
    await expect(siteNotesProvider(client).siteNoteRemove(8, 3)).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.stringContaining('Not allowed'));
  });

  it('a note is required and at most 3000 characters, as on the server', () => {
    expect(noteProblem('  ')).toBe('validation.required');
    expect(noteProblem('x'.repeat(3001))).toBe('validation.max3000');
    expect(noteProblem('x'.repeat(3000))).toBeNull();
  });
});
