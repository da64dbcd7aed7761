/** Keeps react-admin's light/dark theme in step with our auto/light/dark setting and the OS. */
import { useEffect } from 'react';
import { useMediaQuery } from '@mui/material';
import { useTheme } from 'react-admin';
import { useStoreValue } from '../util/createStore';
import { darkModeSetting, resolveDarkMode } from './themeMode';

export function ThemeSync(): null {
  const mode = useStoreValue(darkModeSetting);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [theme, setTheme] = useTheme();
  const wanted = resolveDarkMode(mode, prefersDark);
  useEffect(() => {
    if (theme !== wanted) setTheme(wanted);
  }, [theme, wanted, setTheme]);
  return null;
}
