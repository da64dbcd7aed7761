/**
 * Saves one user setting. SPEC.md point 4: while an update of the same key is running, another one
 * is ignored and 'too fast' is logged — a double click must not race two writes of the same value.
 */
import { useCallback } from 'react';
import { authState, updateUserSettings } from '../auth/authStore';
import type { UserSettings } from '../auth/types';
import { translate } from '../i18n/i18nProvider';
import { useUserSettingsProvider, type UserSettingsProvider } from './userSettingsProvider';

const running = new Set<string>();

export type UpdateSetting = <K extends keyof UserSettings & string>(key: K, value: UserSettings[K]) => Promise<boolean>;

/** Applied at once (language, dark mode) and put back as it was if the server refuses. */
export async function updateSetting<K extends keyof UserSettings & string>(
  save: UserSettingsProvider['saveUserSetting'],
  key: K,
  value: UserSettings[K],
): Promise<boolean> {
  if (running.has(key)) {
    console.warn(translate('settings.tooFast', { key }));
    return false;
  }
  running.add(key);
  const before = authState.get().user?.settings[key];
  updateUserSettings({ [key]: value });
  try {
    const saved = await save(key, value);
    if (!saved) updateUserSettings({ [key]: before });
    return saved;
  } finally {
    running.delete(key);
  }
}

/** updateSetting through the app's data provider. */
export function useUpdateSetting(): UpdateSetting {
  const provider = useUserSettingsProvider();
  return useCallback((key, value) => updateSetting((k, v) => provider.saveUserSetting(k, v), key, value), [provider]);
}
