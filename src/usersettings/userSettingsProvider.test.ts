import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { userSettingsProvider } from './userSettingsProvider';

const env = (dbErrors: unknown = null) => ({
  usersettings: { data: {}, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: true } } },
});

describe("userSettingsProvider: saving the user's own settings on the wire (SPEC.md point 4)", () => {
  it('PATCHes one key and its value', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env()));
    await expect(userSettingsProvider(client).saveUserSetting('sheetViews', [{ name: 'Mine', filter: {}, sort: null }])).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      { url: 'usersettings/preferences', method: 'PATCH', body: { sheetViews: [{ name: 'Mine', filter: {}, sort: null }] } },
    ]);
  });

  it('answers false to a refusal, whose reason the client shows', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(422, env([{ general: 'Unknown time zone' }])));
    await expect(userSettingsProvider(client).saveUserSetting('timezone', 'Mars/Base')).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.stringContaining('Unknown time zone'));
  });
});
