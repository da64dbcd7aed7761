/**
 * Saving the user's own settings (PATCH usersettings/preferences, a key-value object), merged into
 * the app's data provider. A refusal's notice is shown by the client, so it answers false.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';
import type { UserSettings } from '../auth/types';

export interface UserSettingsProvider {
  saveUserSetting<K extends keyof UserSettings & string>(key: K, value: UserSettings[K]): Promise<boolean>;
}

export function userSettingsProvider(client: HttpClient): UserSettingsProvider {
  return {
    saveUserSetting: (key, value) => succeeded(client('usersettings/preferences', { method: 'PATCH', body: { [key]: value } })),
  };
}

export const useUserSettingsProvider = () => useDataProvider<DataProvider & UserSettingsProvider>();
