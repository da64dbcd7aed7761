/**
 * Pick lists the job screens need (departments, clients, sites, property managers, site contacts,
 * engineers, staff users, suppliers). Each is loaded only when the user's role and the brand's
 * features allow its call, and quietly: a missing list leaves an empty picker, never a redirect.
 */
import { useQuery } from '@tanstack/react-query';
import { checkAccess, type Gate } from '../../../core/access/access';
import { STAFF } from '../../../core/access/roles';
import { useAuth } from '../../auth/authStore';
import { useOptionalBrand } from '../../brand/BrandContext';
import { useJobsProvider } from '../jobsProvider';
import type { GlobalParams } from '../../../core/enums';
import { usePreloaded } from '../../preload/usePreloaded';
import { findResource } from '../../../core/resources/definitions';

export interface Option {
  id: number;
  name: string;
}

type Row = Record<string, unknown>;

const toOptions = (rows: Row[] | undefined, id: string, name: string): Option[] =>
  (rows ?? []).map((r) => ({ id: Number(r[id]), name: String(r[name] ?? r[id]) }));

export function useAllowed(gate: Gate | undefined): boolean {
  const role = useAuth().user?.role ?? null;
  const features = useOptionalBrand()?.features;
  return !!gate && checkAccess(gate, { role, features }).ok;
}

/** POST {path} with a filter body; `resource` names the definition whose gate the call has. */
export function useRemoteOptions(resource: string, path: string, body: Row, id: string, name: string, enabled = true): Option[] {
  const gate = findResource(resource)?.gate;
  const allowed = useAllowed(gate) && enabled;
  const provider = useJobsProvider();
  const { data } = useQuery({ queryKey: ['picklist', path, body], queryFn: ({ signal }) => provider.jobPickList(path, body, signal), enabled: allowed });
  return toOptions(data, id, name);
}

export function useDepartments(): Option[] {
  return (usePreloaded<GlobalParams>('globalparams')?.departments ?? []).map((d) => ({ id: d.de_id, name: d.de_name }));
}

export function useIsStaff(): boolean {
  const role = useAuth().user?.role;
  return !!role && STAFF.includes(role);
}

/** Users of a role list (engineers, staff); the preload store loads them only for staff. */
export function useUserOptions(list: 'engineers' | 'workers'): Option[] {
  return toOptions(usePreloaded<Row[]>(list), 'us_id', 'fullname');
}

export function useJobOptions(enabled = true) {
  const staff = useIsStaff() && enabled;
  return {
    departments: useDepartments(),
    clients: useRemoteOptions('contacts', 'contacts/filter', { co_type: 'CLIENT' }, 'co_id', 'co_name', staff),
    sites: useRemoteOptions('jobsites', 'jobsites/filter', {}, 'js_id', 'js_address', staff),
    pms: useRemoteOptions('propertymanagers', 'propertymanagers/filter', {}, 'pm_id', 'pm_name', staff),
    engineers: useUserOptions('engineers'),
    users: useUserOptions('workers'),
  };
}

export const nameOf = (options: Option[], id: number | null | undefined) => options.find((o) => o.id === id)?.name ?? '';
