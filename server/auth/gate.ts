/**
 * Route guard built on the same access rule as the SPA (core/access/access.ts), so what the UI
 * hides the server refuses too. Use as a route's preHandler.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { checkAccess, type Gate } from '../../core/access/access';
import type { RoleGate } from '../../core/access/roles';
import { authRequired, forbidden } from '../envelope/errors';

/**
 * No session → 401 AUTH_REQUIRED; role/feature/brand refusal → 403 FORBIDDEN with the reason in
 * `general`. With `writeRoles`, those roles replace the gate's roles (features still apply).
 */
export function requireGate(gate: Gate, writeRoles?: readonly RoleGate[]) {
  const effective: Gate = writeRoles ? { ...gate, roles: writeRoles } : gate;
  // A callback, not an async function: nothing here waits (server/hooks/settle.ts says why that counts).
  return function gateHandler(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (!req.user) throw authRequired();
    const result = checkAccess(effective, { role: req.user.role, features: req.brand?.config.features });
    if (!result.ok) throw forbidden(result.blocked);
    done();
  };
}

/** Any logged-in user of this brand. */
export const requireLogin = requireGate({});

/** Human-readable access rule for the OpenAPI description. */
export function describeGate(gate: Gate, writeRoles?: readonly RoleGate[]): string {
  const roles = (writeRoles ?? gate.roles ?? []).join(', ') || 'ANY';
  const parts = [`Roles: ${roles}.`];
  if (gate.requiredFeatures?.length) parts.push(`Features (all): ${gate.requiredFeatures.join(', ')}.`);
  if (gate.anyFeature?.length) parts.push(`Features (any): ${gate.anyFeature.join(', ')}.`);
  return parts.join(' ');
}
