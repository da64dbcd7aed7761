/** Write actions (create, save, delete) show only for the definition's writeRoles. */
import { isFeatureOn, roleAllowed, type FeatureTree } from '../../../core/access/access';
import { useAuth } from '../../auth/authStore';
import { useOptionalBrand } from '../../brand/BrandContext';
import type { ResourceDef } from '../../../core/resources/engine/types';

export function canWrite(def: ResourceDef, role: Parameters<typeof roleAllowed>[0]): boolean {
  return roleAllowed(role, def.writeRoles ?? def.gate.roles);
}

export function useCanWrite(def: ResourceDef): boolean {
  return canWrite(def, useAuth().user?.role);
}

/** Delete also needs the definition's delete feature, when it names one. */
export function canDelete(def: ResourceDef, role: Parameters<typeof roleAllowed>[0], features: FeatureTree | null | undefined): boolean {
  return canWrite(def, role) && (!def.deleteFeature || isFeatureOn(features, def.deleteFeature));
}

export function useCanDelete(def: ResourceDef): boolean {
  return canDelete(def, useAuth().user?.role, useOptionalBrand()?.features);
}
