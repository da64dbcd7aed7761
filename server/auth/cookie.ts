import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from './sessions';

/** HttpOnly + SameSite=Lax always; Secure only over HTTPS so plain-http localhost development still works. */
function cookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: req.protocol === 'https' };
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_S });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}
