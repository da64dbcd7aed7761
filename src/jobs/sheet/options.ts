/**
 * Pick lists the job screens hold in full (departments: short, preloaded). Clients, sites,
 * property managers, suppliers, engineers and staff users are searched on the server by src/pickers.
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

export function useJobOptions() {
  return { departments: useDepartments() };
}
