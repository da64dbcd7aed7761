/**
 * Applies the user's settings the moment they are known or change: language (default en-US)
 * and dark mode. Logging out returns to the default language.
 */
import { useEffect } from 'react';
import { useLocaleState } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { darkModeSetting, setDarkMode } from '../layout/themeMode';
import { localeOf } from '../../core/i18n/locales';

export function SettingsSync(): null {
  const { user } = useAuth();
  const [locale, setLocale] = useLocaleState();
  const wantedLocale = localeOf(user?.settings.language);
  const userDarkMode = user?.settings.darkMode;

  useEffect(() => {
    if (locale !== wantedLocale) setLocale(wantedLocale);
  }, [locale, wantedLocale, setLocale]);

  useEffect(() => {
    if (userDarkMode && userDarkMode !== darkModeSetting.get()) setDarkMode(userDarkMode);
  }, [userDarkMode]);

  return null;
}
