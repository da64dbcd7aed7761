/**
 * The site-notes calls of SPEC.md point 7 (jobsitenotes CRUD, js_id in the query), merged into the
 * app's data provider and used through useSiteNotesProvider() with react-query. A refusal's notice
 * is shown by the client, so the changes answer false instead of throwing.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';

export interface SiteNote {
  jsn_id: number;
  js_id: number;
  jsn_note: string;
  author: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface SiteNotesProvider {
  siteNotes(jsId: number, signal?: AbortSignal): Promise<SiteNote[]>;
  siteNoteAdd(jsId: number, text: string): Promise<boolean>;
  siteNoteUpdate(jsId: number, id: number, text: string): Promise<boolean>;
  siteNoteRemove(jsId: number, id: number): Promise<boolean>;
}

const path = 'jobsites/jobsitenotes';
const resource = 'jobsites';

export function siteNotesProvider(client: HttpClient): SiteNotesProvider {
  return {
    siteNotes: async (jsId, signal) => (await client<SiteNote[]>(path, { query: { js_id: jsId }, resource, signal }))?.data ?? [],
    siteNoteAdd: (jsId, jsn_note) => succeeded(client(path, { method: 'POST', query: { js_id: jsId }, body: { jsn_note }, resource })),
    siteNoteUpdate: (jsId, id, jsn_note) => succeeded(client(`${path}/${id}`, { method: 'PATCH', query: { js_id: jsId }, body: { jsn_note }, resource })),
    siteNoteRemove: (jsId, id) => succeeded(client(`${path}/${id}`, { method: 'DELETE', query: { js_id: jsId }, resource })),
  };
}

export const useSiteNotesProvider = () => useDataProvider<DataProvider & SiteNotesProvider>();

/** The same rule as the server: required, at most 3000 characters (i18n key or null). */
export function noteProblem(text: string): 'validation.required' | 'validation.max3000' | null {
  if (!text.trim()) return 'validation.required';
  return text.length > 3000 ? 'validation.max3000' : null;
}
