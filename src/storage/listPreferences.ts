/**
 * react-admin's store (list sort, filters, page size, column choices) kept in localStorage, so a
 * user's list preferences survive a reload; they are cleared when the session ends (logout, or the
 * server saying the session is gone), so the next person at the browser starts from the defaults.
 */
import { localStorageStore } from 'react-admin';

export const listPreferences = localStorageStore('1', 'fieldops');
