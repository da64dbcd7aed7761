import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionLimits } from './sessions';

/** Over https the session cookie is `__Host-sid`: Secure, Path=/, no Domain, so no sibling host can set or shadow it. */
export const SESSION_COOKIE = 'sid';
export const SESSION_COOKIE_HTTPS = '__Host-sid';
/** The "signed in here before" cookie of server/auth/rateLimit.ts. */
export const DEVICE_COOKIE = 'did';
export const DEVICE_COOKIE_HTTPS = '__Host-did';
export const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

const https = (req: FastifyRequest) => req.protocol === 'https';

export function sessionCookieName(req: FastifyRequest): string {
  return https(req) ? SESSION_COOKIE_HTTPS : SESSION_COOKIE;
}

export function deviceCookieName(req: FastifyRequest): string {
  return https(req) ? DEVICE_COOKIE_HTTPS : DEVICE_COOKIE;
}

/** HttpOnly + SameSite=Lax always; Secure only over HTTPS so plain-http localhost development still works. */
function cookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: https(req) };
}

/** The cookie lives as long as the session may (its absolute lifetime); the server ends it sooner when idle. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(req), token, { ...cookieOptions(req), maxAge: sessionLimits().maxAgeS });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(req), cookieOptions(req));
}

export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(deviceCookieName(req), token, { ...cookieOptions(req), maxAge: DEVICE_MAX_AGE_S });
}
