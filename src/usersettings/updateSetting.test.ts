import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { updateSetting } from './updateSetting';

describe('updateSetting', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'User', fullname: 'U U', settings: { language: 'en-US' } });
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('applies at once, PATCHes the key, and ignores a second update of the same key while one runs', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = updateSetting('language', 'hu-HU');
    expect(authState.get().user?.settings.language).toBe('hu-HU');
    await expect(updateSetting('language', 'en-GB')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Too fast'));
    release(new Response(JSON.stringify({ usersettings: { data: {} } }), { status: 200 }));
    await expect(first).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('http://test/api/usersettings/preferences');
    expect(init).toMatchObject({ method: 'PATCH', body: JSON.stringify({ language: 'hu-HU' }) });
    warn.mockRestore();
  });
});
