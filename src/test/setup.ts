import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI shares two cores with PostgreSQL and Chromium: give findBy/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });

// Each test starts from an empty browser store, so one test's leftovers never pass another.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
