/** Light and dark MUI themes on react-admin's defaults; one place for the brand's palette. */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { TableRow } from './tableRow';

/** Every DataTable's rows get a row checkbox named for screen readers (see tableRow.tsx). */
const components = { RaDataTableBody: { defaultProps: { row: TableRow } } };

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
