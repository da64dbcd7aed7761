import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuthState, setAuthenticated } from '../auth/authStore';
import { updateSetting } from './updateSetting';

describe('updateSetting', () => {
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'User', fullname: 'U U', settings: { language: 'en-US' } });
  });

  it('applies at once, saves the key, and ignores a second update of the same key while one runs', async () => {
    let release: (saved: boolean) => void = () => undefined;
    const save = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = updateSetting(save, 'language', 'hu-HU');
    expect(authState.get().user?.settings.language).toBe('hu-HU');
    await expect(updateSetting(save, 'language', 'en-GB')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Too fast'));
    release(true);
    await expect(first).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('language', 'hu-HU');
    expect(authState.get().user?.settings.language).toBe('hu-HU');
    // Once saved, the key may change again.
    await expect(
      updateSetting(
        vi.fn(async () => true),
        'language',
        'en-GB',
      ),
    ).resolves.toBe(true);
    warn.mockRestore();
  });

  it('puts the setting back as it was when the server refuses', async () => {
    await expect(
      updateSetting(
        vi.fn(async () => false),
        'language',
        'hu-HU',
      ),
    ).resolves.toBe(false);
    expect(authState.get().user?.settings.language).toBe('en-US');
  });
});
