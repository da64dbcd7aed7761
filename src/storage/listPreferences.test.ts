import { localStorageStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, resetAuthState, setAuthenticated } from '../auth/authStore';
import { listPreferences } from './listPreferences';

const reloaded = () => {
  const store = localStorageStore('1', 'fieldops');
  store.setup();
  return store;
};

describe('list preferences', () => {
  afterEach(() => {
    listPreferences.teardown();
    resetAuthState();
    localStorage.clear();
  });

  it('survive a reload of the page', () => {
    listPreferences.setup();
    listPreferences.setItem('contacts.listParams', { sort: 'co_name', order: 'DESC', perPage: 50 });
    expect(reloaded().getItem('contacts.listParams')).toEqual({ sort: 'co_name', order: 'DESC', perPage: 50 });
  });

  it('are forgotten when the session ends, so the next user starts from the defaults', () => {
    listPreferences.setup();
    setAuthenticated({ us_id: 1, us_name: 'Ann' } as never);
    listPreferences.setItem('contacts.listParams', { sort: 'co_name', order: 'DESC' });
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(reloaded().getItem('contacts.listParams')).toBeUndefined();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
