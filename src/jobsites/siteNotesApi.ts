/** The site-notes calls of SPEC.md point 7 (jobsitenotes CRUD, js_id in the query). */
import type { HttpClient } from '../dataProvider/httpClient';

export interface SiteNote {
  jsn_id: number;
  js_id: number;
  jsn_note: string;
  author: string | null;
  created_at: string;
  updated_at: string | null;
}

const path = 'jobsites/jobsitenotes';
const resource = 'jobsites';

export function siteNotesApi(client: HttpClient, jsId: string | number) {
  const query = { js_id: jsId };
  return {
    list: async () => (await client<SiteNote[]>(path, { query, resource }))?.data ?? [],
    add: (jsn_note: string) => client<SiteNote>(path, { method: 'POST', query, body: { jsn_note }, resource }),
    update: (id: number, jsn_note: string) => client<SiteNote>(`${path}/${id}`, { method: 'PATCH', query, body: { jsn_note }, resource }),
    remove: (id: number) => client(`${path}/${id}`, { method: 'DELETE', query, resource }),
  };
}

/** The same rule as the server: required, at most 3000 characters (i18n key or null). */
export function noteProblem(text: string): 'validation.required' | 'validation.max3000' | null {
  if (!text.trim()) return 'validation.required';
  return text.length > 3000 ? 'validation.max3000' : null;
}
