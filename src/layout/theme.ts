/** Light and dark MUI themes on react-admin's defaults; one place for the brand's palette. */
import { lazy } from 'react';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Every DataTable's rows get a row checkbox named for screen readers (see AccessibleDataTableRow),
 * loaded with the first table: the login page does not carry react-admin's DataTable row.
 */
const AccessibleDataTableRow = lazy(() => import('./AccessibleDataTableRow').then((m) => ({ default: m.AccessibleDataTableRow })));
const components = { RaDataTableBody: { defaultProps: { row: AccessibleDataTableRow } } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...components },
  palette: { ...defaultLightTheme.palette, mode: 'light', primary: { main: '#1d4f91' }, secondary: { main: '#e07a1f' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...components },
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#8fb8ee' }, secondary: { main: '#f0a35e' } },
};
