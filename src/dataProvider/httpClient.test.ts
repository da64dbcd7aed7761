import { describe, expect, it, vi } from 'vitest';
import { makeClient, jsonAnswer, textAnswer } from './testing';
import { ApiError } from './ApiError';

const env = (body: Record<string, unknown>) => ({
  departments: { data: null, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } }, ...body },
});

describe('http client: response handling of SPEC.md point 8', () => {
  it('unwraps a success envelope and sends credentials', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(jsonAnswer(200, env({ data: [{ de_id: 1 }], metadata: { totalCount: 7 } })));
    const res = await client('departments/filter', { method: 'POST', query: { limit: 20, pagenumber: 1, sort: undefined }, body: { stext: 'abc' } });
    expect(res?.data).toEqual([{ de_id: 1 }]);
    expect(res?.metadata?.totalCount).toBe(7);
    const [url, init] = deps.fetch.mock.calls[0];
    expect(url).toBe('http://test.local/api/departments/filter?limit=20&pagenumber=1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('turns empty strings into null at any depth before sending', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(jsonAnswer(200, env({ data: {} })));
    await client('x', { method: 'POST', body: { a: '', b: { c: '', d: 'keep', e: ['', 'x'] }, n: 0 } });
    expect(JSON.parse(deps.fetch.mock.calls[0][1]?.body as string)).toEqual({ a: null, b: { c: null, d: 'keep', e: [null, 'x'] }, n: 0 });
  });

  it('a text answer is an error notice, stored, and returns nothing', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(textAnswer(200, 'PHP Warning: something'));
    await expect(client('jobs/1/details')).resolves.toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith('error', 'PHP Warning: something');
    expect(deps.storeError).toHaveBeenCalledWith({ url: 'http://test.local/api/jobs/1/details', msg: 'PHP Warning: something', dbErrors: null });
  });

  it('a warning in the envelope is a warning notice and stored, data still returned', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(jsonAnswer(200, env({ data: { ok: 1 }, warning: 'Mind the gap' })));
    const res = await client('x');
    expect(res?.data).toEqual({ ok: 1 });
    expect(deps.notify).toHaveBeenCalledWith('warning', 'Mind the gap');
    expect(deps.storeError).toHaveBeenCalledWith(expect.objectContaining({ warning: 'Mind the gap', url: 'http://test.local/api/x' }));
  });

  it('x-show-snackbar gives a success notice', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(jsonAnswer(201, env({ data: { de_id: 3 } }), { 'x-show-snackbar': '1' }));
    await client('departments/create', { method: 'POST', body: {} });
    expect(deps.notify).toHaveBeenCalledWith('success', 'Element created');
  });

  it('a caller-given success text replaces the generic notice the server asks for', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(jsonAnswer(200, env({ data: { job_id: 3 } }), { 'x-show-snackbar': '1' }));
    await client('jobs/3', { method: 'PATCH', body: {}, successText: 'Job PL-0003 saved.' });
    expect(deps.notify).toHaveBeenCalledWith('success', 'Job PL-0003 saved.');
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['missing body', new Response('', { status: 500 })],
    ['text body', textAnswer(502, '<html>Bad gateway</html>')],
  ])('a failed answer with %s shows default.fatalError', async (_, answer) => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(answer);
    const err = await client('x').catch((e: ApiError) => e);
    const fatal = 'Something went wrong. Please click to view the error details and send them to your IT department.';
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(fatal);
    expect(deps.notify).toHaveBeenCalledWith('error', fatal);
    expect(deps.storeError).toHaveBeenCalledWith({ url: 'http://test.local/api/x', msg: fatal, dbErrors: null });
  });

  it('a failed envelope: message from the first dbErrors entry, stored with url and dbErrors, rejected', async () => {
    const { client, deps } = makeClient();
    const dbErrors = [{ error: 'XE_CONN_ERR', primary: 'ignored', details: 'Xero timed out', general: 'g' }];
    deps.fetch.mockResolvedValue(jsonAnswer(500, env({ dbErrors })));
    await expect(client('xeroauth/checkstatus')).rejects.toMatchObject({ message: 'Xero timed out', status: 500, dbErrors });
    expect(deps.storeError).toHaveBeenCalledWith({ url: 'http://test.local/api/xeroauth/checkstatus', msg: 'Xero timed out', dbErrors });
    expect(deps.notify).toHaveBeenCalledWith('error', 'Xero timed out');
  });

  it('a VALIDATION answer names the field by its label and gives form errors', async () => {
    const { client, deps } = makeClient();
    const dbErrors = [
      { error: 'VALIDATION', primary: 'Field is required!', details: 'de_name', general: null },
      { error: 'VALIDATION', primary: 'Max. 100 chars!', details: 'de_prefix', general: null },
    ];
    deps.fetch.mockResolvedValue(jsonAnswer(400, env({ dbErrors })));
    const err = (await client('departments/create', { method: 'POST', body: {}, resource: 'departments' }).catch((e) => e)) as ApiError;
    expect(err.message).toBe('Name: Field is required!');
    expect(err.body).toMatchObject({ errors: { de_name: 'validation.required', de_prefix: 'validation.max100' } });
  });

  it('a cancelled request rejects with "Request canceled" and no notice', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(client('x')).rejects.toMatchObject({ message: 'Request canceled', canceled: true });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.storeError).not.toHaveBeenCalled();
    expect(deps.forceLogout).not.toHaveBeenCalled();
  });

  it('a network failure is the transport error text', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client('x')).rejects.toMatchObject({ message: 'Network Error' });
    expect(deps.notify).toHaveBeenCalledWith('error', 'Network Error');
  });

  it('401 forces logout and goes to /login?to= with the query', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(
      jsonAnswer(
        401,
        env({ dbErrors: [{ error: 'AUTH_REQUIRED', primary: 'Please log in.', details: null, general: null }], metadata: { userData: { isLogged: false } } }),
      ),
    );
    await expect(client('x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.forceLogout).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/login?to=%2Fdata%2Fdepartments%3Fpage%3D2');
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('a failed answer from a lost session logs out a client that believes it is logged in', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(
      jsonAnswer(404, env({ dbErrors: [{ error: 'NOT_FOUND', primary: 'x', details: null, general: null }], metadata: { userData: { isLogged: false } } })),
    );
    await expect(client('x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.forceLogout).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?to=/));
  });

  it('the same answer leaves a logged-out client alone', async () => {
    const { client, deps } = makeClient({ isLoggedIn: vi.fn(() => false) });
    deps.fetch.mockResolvedValue(
      jsonAnswer(404, env({ dbErrors: [{ error: 'NOT_FOUND', primary: 'Gone', details: null, general: null }], metadata: { userData: { isLogged: false } } })),
    );
    await expect(client('x')).rejects.toMatchObject({ message: 'Gone' });
    expect(deps.forceLogout).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith('error', 'Gone');
  });

  it('403 goes to /not-allowed with blocked taken from dbErrors[0].general', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(
      jsonAnswer(403, env({ dbErrors: [{ error: 'FORBIDDEN', primary: 'You are not allowed to do this.', details: null, general: 'feature' }] })),
    );
    await expect(client('x')).rejects.toMatchObject({ status: 403 });
    const target = new URL(deps.navigate.mock.calls[0][0] as string, 'http://x');
    expect(target.pathname).toBe('/not-allowed');
    expect(Object.fromEntries(target.searchParams)).toEqual({ to: '/data/departments?page=2', name: 'Departments', blocked: 'feature' });
  });

  it('a 403 about one record is a notice and the page stays', async () => {
    const { client, deps } = makeClient();
    deps.fetch.mockResolvedValue(
      jsonAnswer(403, env({ dbErrors: [{ error: 'FORBIDDEN', primary: 'You are not allowed to modify this job.', details: null, general: 'record' }] })),
    );
    await expect(client('jobs/7', { method: 'PATCH', body: {} })).rejects.toMatchObject({ status: 403 });
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith('error', 'You are not allowed to modify this job.');
  });

  it('quiet calls show nothing and never redirect', async () => {
    const { client, deps } = makeClient({ isLoggedIn: vi.fn(() => false) });
    deps.fetch.mockResolvedValue(
      jsonAnswer(401, env({ dbErrors: [{ error: 'AUTH_REQUIRED', primary: 'Invalid email or password.', details: null, general: null }] })),
    );
    await expect(client('auth/login', { method: 'POST', body: {}, quiet: true })).rejects.toMatchObject({ message: 'Invalid email or password.' });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.storeError).not.toHaveBeenCalled();
  });
});
