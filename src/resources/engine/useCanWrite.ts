/** Write actions (create, save, delete) show only for the definition's writeRoles. */
import { roleAllowed } from '../../access/access';
import { useAuth } from '../../auth/authStore';
import type { ResourceDef } from './types';

export function canWrite(def: ResourceDef, role: Parameters<typeof roleAllowed>[0]): boolean {
  return roleAllowed(role, def.writeRoles ?? def.gate.roles);
}

export function useCanWrite(def: ResourceDef): boolean {
  return canWrite(def, useAuth().user?.role);
}
