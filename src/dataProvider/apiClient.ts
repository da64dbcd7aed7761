/**
 * The app's wired http client: the brand's apiUrl (set once the brand configuration is loaded),
 * the shared notice queue, error list, auth state and router. Everything that talks to the API
 * imports `api` from here.
 */
import { clearSession, isLoggedIn } from '../auth/authStore';
import { addError } from '../errors/errorListStore';
import { translate } from '../i18n/i18nProvider';
import { notify } from '../notices/noticeStore';
import { findResource } from '../../core/resources/definitions';
import { currentPath, navigateTo } from '../routes/navigation';
import { currentPageTitle } from '../routes/pageTitle';
import { createHttpClient } from './httpClient';

let apiUrl = '';

export function configureApi(url: string): void {
  apiUrl = url.replace(/\/+$/, '');
}

/** The brand's API address, for what is not a fetch (the live update stream's EventSource). */
export const apiBaseUrl = () => apiUrl;

export const api = createHttpClient({
  apiUrl: () => apiUrl,
  // Looked up on each call so tests and the service worker can replace window.fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  translate,
  notify,
  storeError: addError,
  isLoggedIn,
  forceLogout: clearSession,
  navigate: navigateTo,
  currentPath,
  currentPageTitle: currentPageTitle.get,
  fieldLabel: (resource, field) => {
    // The free-text search is not a field of the definition; the user knows it as 'Search'.
    if (field === 'stext') return translate('engine.search');
    const label = findResource(resource)?.fields.find((f) => f.name === field)?.label;
    return label ? translate(label) : undefined;
  },
});
