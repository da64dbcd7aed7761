import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../dataProvider/resourceDataProvider';
import type { HttpClient } from '../dataProvider/httpClient';
import { enTranslate, jsonAnswer, makeClient } from '../dataProvider/testing';
import { users } from '../../core/users/usersResource';

const answer = (data: unknown) => ({ data, warning: null, metadata: { server_datetime: '', userData: { isLogged: true } }, dbErrors: null });

describe('data provider for a definition with named actions (users)', () => {
  const client = vi.fn(async (path: string) => answer(path.endsWith('filter') ? [{ us_id: 5 }] : { us_id: 5, email: 'a@b.test' })) as unknown as HttpClient &
    ReturnType<typeof vi.fn>;
  const provider = createDataProvider(client, enTranslate, (name) => (name === 'users' ? users : undefined));

  it('creates with POST users/addUser, updates with POST users/updateUser and deletes with POST users/deleteUser', async () => {
    await provider.create('users', { data: { email: 'a@b.test', role: 'User', firstname: 'A', surname: 'B', fullname: 'ignored' } });
    expect(client).toHaveBeenLastCalledWith(
      'users/addUser',
      expect.objectContaining({ method: 'POST', body: { email: 'a@b.test', role: 'User', firstname: 'A', surname: 'B' } }),
    );
    await provider.update('users', {
      id: 5,
      data: { us_id: 5, nickname: 'Al', email: 'a@b.test' },
      previousData: { id: 5, us_id: 5, nickname: null, email: 'a@b.test' },
    });
    expect(client).toHaveBeenLastCalledWith('users/updateUser', expect.objectContaining({ method: 'POST', body: { us_id: 5, nickname: 'Al' } }));
    await provider.delete('users', { id: 5, previousData: { id: 5 } });
    expect(client).toHaveBeenLastCalledWith('users/deleteUser', expect.objectContaining({ method: 'POST', body: { us_id: 5 } }));
    const list = await provider.getList('users', { pagination: { page: 1, perPage: 20 }, sort: { field: 'fullname', order: 'ASC' }, filter: { q: 'ali' } });
    expect(client).toHaveBeenLastCalledWith('users/filter', expect.objectContaining({ method: 'POST', body: { stext: 'ali' } }));
    expect(list.data[0].id).toBe(5);
  });

  it('a named POST action answering 200 with x-show-snackbar is announced as an update, a 201 as a create', async () => {
    const { client: http, deps } = makeClient();
    deps.fetch.mockResolvedValueOnce(jsonAnswer(200, { users: answer({ us_id: 5 }) }, { 'x-show-snackbar': '1' }));
    await http('users/updateUser', { method: 'POST', body: { us_id: 5 } });
    expect(deps.notify).toHaveBeenLastCalledWith('success', 'ra.notification.updated');
    deps.fetch.mockResolvedValueOnce(jsonAnswer(201, { users: answer({ us_id: 6 }) }, { 'x-show-snackbar': '1' }));
    await http('users/addUser', { method: 'POST', body: {} });
    expect(deps.notify).toHaveBeenLastCalledWith('success', 'Element created');
  });
});
