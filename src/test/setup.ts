import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI shares two cores with PostgreSQL and Chromium: give findBy/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });

// Each test starts from an empty browser store, so one test's leftovers never pass another.
// react-admin defers some state changes with setTimeout(0); letting those run before the file's window goes away keeps
// a late one from throwing "window is not defined" after the last test.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
