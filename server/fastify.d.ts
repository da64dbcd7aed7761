/** Request decorations and route config keys the server adds to Fastify's types. */
import 'fastify';
import type { Gate } from '../core/access/access';
import type { RoleGate } from '../core/access/roles';
import type { BrandBinding } from './brand/types';
import type { SessionUser } from './auth/types';
import type { BrandDb } from './db/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the brand hook on every /api request (docs excepted); null elsewhere. */
    brand: BrandBinding | null;
    /** The brand-bound Kysely instance (withSchema(brand.schema)); null without a brand. */
    db: BrandDb | null;
    /** The logged-in user, when the request carried a live session of this brand. */
    user: SessionUser | null;
    /** SHA-256 of the session token the request carried (for logout). */
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** Envelope key when it is not the URL's API group. */
    envelopeKey?: string;
    /** Documentation of the access rule (the preHandler enforces it). */
    gate?: Gate;
    writeRoles?: readonly RoleGate[];
    /** Body schema shown in OpenAPI only; the handler validates the body itself. */
    docBody?: Record<string, unknown>;
  }
}
