/**
 * The site contact picker's choices: only the contacts linked to the chosen site (the site's
 * `sitecontacts` block, named through jobsitecontacts/filter by ids). The server refuses any other
 * contact (400 'Invalid value' on jsc_id), so the picker never offers one.
 */
import { useEffect, useState } from 'react';
import { api } from '../../dataProvider/apiClient';
import { findResource } from '../../../core/resources/definitions';
import { useAllowed, type Option } from '../sheet/options';

export interface SiteContactOptions {
  /** The site these options belong to (they lag behind a change of site until loaded). */
  forSite: number | null;
  options: Option[];
}

const NONE: SiteContactOptions = { forSite: null, options: [] };

export function useSiteContacts(jsId: number | null, enabled = true): SiteContactOptions {
  const contactsAllowed = useAllowed(findResource('jobsitecontacts')?.gate);
  const sitesAllowed = useAllowed(findResource('jobsites')?.gate);
  const allowed = contactsAllowed && sitesAllowed && enabled;
  const [loaded, setLoaded] = useState<SiteContactOptions>(NONE);
  useEffect(() => {
    if (!allowed || jsId === null) return;
    const controller = new AbortController();
    const signal = controller.signal;
    (async () => {
      const site = await api<{ sitecontacts?: { jsc_id: number }[] }>(`jobsites/${jsId}/details`, { quiet: true, signal });
      const ids = (site?.data?.sitecontacts ?? []).map((c) => c.jsc_id);
      if (!ids.length) return setLoaded({ forSite: jsId, options: [] });
      const named = await api<{ jsc_id: number; jsc_name: string }[]>('jobsitecontacts/filter', {
        method: 'POST',
        body: { ids },
        query: { limit: 500, sort: 'jsc_name' },
        quiet: true,
        signal,
      });
      setLoaded({ forSite: jsId, options: (named?.data ?? []).map((r) => ({ id: r.jsc_id, name: r.jsc_name })) });
    })().catch(() => undefined);
    return () => controller.abort();
  }, [allowed, jsId]);
  if (jsId === null) return NONE;
  return loaded.forSite === jsId ? loaded : { forSite: null, options: [] };
}
