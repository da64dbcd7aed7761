/**
 * Saves one user setting (PATCH usersettings/preferences, a key-value object). SPEC.md point 4:
 * while an update of the same key is running, another one is ignored and 'too fast' is logged —
 * a double click must not race two writes of the same value.
 */
import { api } from '../dataProvider/apiClient';
import { updateUserSettings } from '../auth/authStore';
import type { UserSettings } from '../auth/types';
import { translate } from '../i18n/i18nProvider';

const running = new Set<string>();

export async function updateSetting<K extends keyof UserSettings & string>(key: K, value: UserSettings[K]): Promise<boolean> {
  if (running.has(key)) {
    console.warn(translate('settings.tooFast', { key }));
    return false;
  }
  running.add(key);
  // Applied at once (language, dark mode) and rolled back only if the server refuses.
  updateUserSettings({ [key]: value });
  try {
    await api('usersettings/preferences', { method: 'PATCH', body: { [key]: value } });
    return true;
  } catch {
    return false;
  } finally {
    running.delete(key);
  }
}
