/**
 * Route guard decisions of SPEC.md point 2, as a pure function so the rules can be tested as a
 * table: unknown auth → load the user first; no session on a protected route → login; a refused
 * gate → not-allowed with the reason.
 */
import { checkAccessAll, type Blocked, type FeatureTree } from '../../core/access/access';
import type { Role } from '../../core/access/roles';
import type { AuthStatus } from '../auth/types';
import { gatesOf } from './blocks';
import type { AppRoute } from './types';

export type GuardDecision = { kind: 'pending' } | { kind: 'redirect'; to: string } | { kind: 'allow' };

export interface GuardContext {
  status: AuthStatus;
  role: Role | null | undefined;
  features: FeatureTree | null | undefined;
  /** Path and query of the requested page, for ?to= */
  path: string;
  /** The translated page title, for ?name= */
  title: string;
}

export function loginUrl(path: string): string {
  return `/login?${new URLSearchParams({ to: path }).toString()}`;
}

export function notAllowedUrl(path: string, title: string, blocked: Blocked): string {
  return `/not-allowed?${new URLSearchParams({ to: path, name: title, blocked }).toString()}`;
}

export function decideRoute(route: Pick<AppRoute, 'layout' | 'gate' | 'block'>, ctx: GuardContext): GuardDecision {
  if (route.layout === 'main') {
    if (ctx.status === null) return { kind: 'pending' };
    if (ctx.status === 'unauthenticated') return { kind: 'redirect', to: loginUrl(ctx.path) };
  }
  // Public routes carry feature gates only; their role check passes for nobody-in-particular.
  const access = checkAccessAll(gatesOf(route), { role: ctx.role, features: ctx.features });
  if (!access.ok) return { kind: 'redirect', to: notAllowedUrl(ctx.path, ctx.title, access.blocked) };
  return { kind: 'allow' };
}

/** A route passes for this user and brand (menus and the home choice use this). */
export function canOpen(route: Pick<AppRoute, 'gate' | 'block'>, role: Role | null | undefined, features: FeatureTree | null | undefined): boolean {
  return checkAccessAll(gatesOf(route), { role, features }).ok;
}
