import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { usersProvider } from './usersProvider';

const env = (data: unknown, dbErrors: unknown = null) => ({
  users: { data, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: true } } },
});

describe("usersProvider: the user page's actions on the wire (SPEC.md)", () => {
  it('hides, sets a password and saves each assignment list whole', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(200, env({})));
    const provider = usersProvider(client);
    await expect(provider.setUserHidden(5, true)).resolves.toBe(true);
    await expect(provider.setUserPassword(5, 'n3w-Secret!')).resolves.toBe(true);
    await expect(provider.saveUserAssignment('defaultOperators', 5, [2, 3])).resolves.toBe(true);
    await expect(provider.saveUserAssignment('propertyManagers', 5, [])).resolves.toBe(true);
    await expect(provider.saveUserAssignment('clientContacts', 5, [9])).resolves.toBe(true);
    await expect(provider.changeOwnPassword('demo1234', 'abc12345', 'abc12345')).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      { url: 'users/setIsHiddenStatus', method: 'POST', body: { us_id: 5, is_hidden: true } },
      { url: 'users/setPassword', method: 'POST', body: { us_id: 5, password: 'n3w-Secret!' } },
      { url: 'users/assingdefaultoperators', method: 'POST', body: { us_id: 5, ids: [2, 3] } },
      { url: 'users/assingpropertymanagers', method: 'POST', body: { us_id: 5, ids: [] } },
      { url: 'users/assingclientcontacts', method: 'POST', body: { us_id: 5, ids: [9] } },
      {
        url: 'users/changePassword',
        method: 'POST',
        // SHA-256 of 'demo1234', as login sends it.
        body: { old_password: '0ead2060b65992dca4769af601a1b3a35ef38cfad2c2c465bb160ea764157c5d', new_password: 'abc12345', new_password_again: 'abc12345' },
      },
    ]);
  });

  it('answers false to a refusal, whose reason the client shows', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockImplementation(async () => jsonAnswer(422, env(null, [{ general: 'Password is too short' }])));
    await expect(usersProvider(client).setUserPassword(5, 'x')).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.stringContaining('Password is too short'));
  });
});
