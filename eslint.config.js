// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** The fence: core/ is pure (no React, no DOM, no app side), and the server reaches the SPA's side only through core/. */
const intoSpa = { regex: '(^|/)src/', message: 'The server and the bench import shared modules from core/, never from the SPA (src/).' };
const outOfCore = [
  { regex: '(^|/)(src|server|bench|tests)/', message: 'core/ imports only core/ and pure libraries.' },
  { regex: '^(react|react-dom|react-admin|@mui/.*|ra-.*|@tanstack/.*)(/.*)?$', message: 'core/ is free of React and the browser.' },
];

/** providers/ stands in for Xero, Google and Microsoft: it knows their contracts, never the product. */
const outOfProviders = [{ regex: '(^|/)(src|server|core|bench|tests)/', message: 'providers/ is the outside world: it imports nothing of the product.' }];

export default tseslint.config(
  { ignores: ['dist/**', 'reports/**', 'data/**', 'test-results/**', 'playwright-report/**', '.*/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // The React Compiler's rules: screens load through the data provider's hooks, not in their own effects (issue 21).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/refs': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/use-memo': 'error',
    },
  },
  // Mail and input hygiene strip control characters on purpose.
  { files: ['server/**/*.ts'], rules: { 'no-control-regex': 'off' } },
  { files: ['server/**/*.ts', 'bench/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [intoSpa] }] } },
  { files: ['core/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: outOfCore }] } },
  { files: ['providers/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: outOfProviders }] } },
  prettier,
);
