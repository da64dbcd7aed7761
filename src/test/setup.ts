import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each test starts from an empty browser store, so one test's leftovers never pass another.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
