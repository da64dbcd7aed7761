/**
 * The site contact picker's choices: only the contacts linked to the chosen site (the site's
 * `sitecontacts` block, named through jobsitecontacts/filter by ids). The server refuses any other
 * contact (400 'Invalid value' on jsc_id), so the picker never offers one.
 */
import { useQuery } from '@tanstack/react-query';
import { useJobsProvider } from '../jobsProvider';
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
  const provider = useJobsProvider();
  const { data } = useQuery({
    queryKey: ['jobsites', jsId, 'contacts'],
    queryFn: ({ signal }) => provider.jobSiteContacts(jsId as number, signal),
    enabled: allowed && jsId !== null,
  });
  // The query is keyed by the site, so its data is the chosen site's or nothing yet.
  return jsId === null || !data ? NONE : { forSite: jsId, options: data };
}
