/**
 * Pick lists the job screens hold in full (departments, engineers, staff users: short, preloaded).
 * Clients, sites, property managers and suppliers are searched on the server by src/pickers.
 */
import { checkAccess, type Gate } from '../../../core/access/access';
import { STAFF } from '../../../core/access/roles';
import { useAuth } from '../../auth/authStore';
import { useOptionalBrand } from '../../brand/BrandContext';
import type { GlobalParams } from '../../../core/enums';
import { usePreloaded } from '../../preload/usePreloaded';

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

export function useJobOptions() {
  return {
    departments: useDepartments(),
    engineers: useUserOptions('engineers'),
    users: useUserOptions('workers'),
  };
}

export const nameOf = (options: Option[], id: number | null | undefined) => options.find((o) => o.id === id)?.name ?? '';
