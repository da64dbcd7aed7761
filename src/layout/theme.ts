/** Light and dark MUI themes on react-admin's defaults; one place for the brand's palette. */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, mode: 'light', primary: { main: '#1d4f91' }, secondary: { main: '#e07a1f' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#8fb8ee' }, secondary: { main: '#f0a35e' } },
};
