/**
 * Builds the Fastify app without listening, so tests drive it with `app.inject` and start.ts
 * adds only the listening. Order matters: cookies, then origin check, brand, session hooks; docs
 * before routes (so they are documented); the envelope handlers last, with the SPA fallback.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerAuthRoutes } from './auth/routes';
import type { TrustProxy } from './auth/clientAddress';
import { registerOriginCheck } from './auth/origin';
import { registerSessionHook } from './auth/sessionHook';
import type { SessionCache } from './auth/sessionCache';
import { registerBrandHook } from './brand/hook';
import { createBrandResolver, type BrandResolver } from './brand/resolve';
import { registerBrandRoutes } from './brand/routes';
import type { RootDb } from './db/types';
import { registerDocs } from './docs/swagger';
import { APP_AJV_OPTIONS } from './http/bodySchema';
import { registerEnvelopeHandlers } from './envelope/handler';
import { invalidField } from './envelope/errors';
import { envelope, groupFromUrl } from './envelope/envelope';
import { registerGlobalParamsRoutes } from './globalparams/routes';
import { registerResources } from './resources/routes';
import { registerAccountingRoutes } from './accounting/routes';
import { registerGoogleAccountRoutes } from './google/accountRoutes';
import { registerGoogleDriveRoutes } from './google/drive/driveRoutes';
import { registerMicrosoftAccountRoutes } from './microsoft/accountRoutes';
import { registerGoogleTaskRoutes } from './google/tasks/routes';
import { registerJobsiteNotes } from './jobsites/notes';
import { registerContactRoutes } from './contacts/routes';
import { registerSpa } from './spa/static';
import { registerUserSettingsRoutes } from './usersettings/routes';
import { registerUserRoutes } from './users/index';
import { registerSiteConfigRoutes } from './siteconfig/routes';
import { registerDevSiteRoutes } from './devsites/routes';
import { registerReserveRoutes } from './reserve/routes';
import { registerPublicAuthRoutes } from './publicauth/routes';
import { registerDevTools } from './devtools/index';
import { registerJobRoutes } from './jobs/index';
import { registerDispatchRoutes } from './dispatch/routes';
import { registerSalesRoutes } from './jobs/sales/index';
import { registerCostRoutes } from './jobs/costs/index';
import { registerEngineerPortalRoutes } from './engineerportal/index';
import { registerCustomerPortalRoutes } from './customerportal/index';
import { registerNotificationRoutes } from './notifications/index';
import { registerEngineerReportRoutes } from './engineerreports/index';
import { registerFileRoutes } from './files/index';
import type { FileStore } from './files/storage';
import { registerMailAdminRoutes } from './mail/admin/index';
import { registerMailClientRoutes } from './mail/client/index';
import { registerMailComposeRoutes } from './mail/compose/index';
import { registerEvents } from './events/index';
import { registerCompression, registerSecurityHeaders } from './security/headers';
import { checkJsonText, checkJsonValue, registerUrlGuard } from './security/input';
import { DEFAULT_TIMEOUTS, fastifyTimeoutOptions, type ServerTimeouts } from './security/timeouts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');

export interface BuildAppOptions {
  /** The pool-wide Kysely instance (see server/db). */
  db: RootDb;
  /** The SPA build to serve; default <repo>/dist. Nothing is served when it has no index.html. */
  distDir?: string;
  /** How long a Host → brand lookup is reused (ms). */
  brandCacheMs?: number;
  /** How long a session lookup is reused (ms); writes that change users or sessions drop it at once. */
  sessionCacheMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* (client address, https) from the reverse proxies in front: a hop count or their addresses (server/auth/clientAddress.ts). */
  trustProxy?: TrustProxy;
  /** Largest JSON body in bytes (uploads will use multipart with their own limit). */
  bodyLimit?: number;
  /** Folder for uploaded files; default `${DATA_DIR:-./data}/files` (tests use a temporary one). */
  filesRoot?: string;
  /** Another file store (start.ts: S3 when configured); wins over `filesRoot`. */
  fileStore?: FileStore;
  /** Request, header, idle and keep-alive limits (server/security/timeouts.ts); start.ts reads them from the environment. */
  timeouts?: ServerTimeouts;
  /** Live updates (server/events): the direct PostgreSQL URL to LISTEN on; none, no GET /api/events. */
  eventsListenUrl?: string;
  /** The live update stream's heartbeat (ms); tests use a short one. */
  eventsHeartbeatMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → brand lookups; call `brands.invalidate()` after changing a site or domain. */
    brands: BrandResolver;
    /** Session lookups of this process (server/auth/sessionCache.ts). */
    sessionCache: SessionCache;
    /** The limits this app's server was built with (server/listen.ts gives a second listener the same). */
    serverTimeouts: ServerTimeouts;
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = opts.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    ...fastifyTimeoutOptions(timeouts),
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // Unknown fields must reach the handlers (and be refused), not be silently dropped by AJV.
    ajv: { customOptions: { ...APP_AJV_OPTIONS } },
    // A URL Fastify cannot even decode still gets an envelope, not Fastify's own JSON.
    frameworkErrors: (_err, req, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .send(envelope(groupFromUrl(req.url ?? ''), null, { isLogged: false, dbErrors: invalidField('url').toDbErrors() }));
    },
  });
  const resolver = createBrandResolver(opts.db, opts.brandCacheMs ?? 2000);
  app.decorate('brands', resolver);
  app.decorate('serverTimeouts', timeouts);

  // An empty JSON body (e.g. DELETE with a content-type header) means "no body", not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Deep nesting and NUL bytes are refused here with a 400 (server/security/input.ts).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      checkJsonText(text);
    } catch (err) {
      return done(err as Error, undefined);
    }
    return defaultJson(req, text, (err, value) => {
      if (err) return done(err, undefined);
      try {
        checkJsonValue(text, value);
      } catch (checkErr) {
        return done(checkErr as Error, undefined);
      }
      return done(null, value);
    });
  });

  // Headers and compression attach to every route declared after them, the SPA's included.
  await registerSecurityHeaders(app);
  await registerCompression(app);

  // Routes keep the error handler that was set when they were declared, so the envelope
  // handlers come before every route (the SPA's static routes included).
  const fallback = await registerSpa(app, opts.distDir ?? DEFAULT_DIST_DIR);
  registerEnvelopeHandlers(app, { root: opts.db, notFoundFallback: fallback ?? undefined });

  await app.register(cookie);
  registerUrlGuard(app);
  registerOriginCheck(app);
  registerBrandHook(app, opts.db, resolver);
  registerSessionHook(app, opts.sessionCacheMs ?? 2000);

  await registerDocs(app);
  registerBrandRoutes(app);
  registerAuthRoutes(app, opts.db);
  registerGlobalParamsRoutes(app);
  registerUserSettingsRoutes(app);
  registerUserRoutes(app, opts.db);
  registerSiteConfigRoutes(app);
  registerResources(app);
  registerAccountingRoutes(app);
  registerGoogleAccountRoutes(app);
  registerGoogleDriveRoutes(app);
  registerMicrosoftAccountRoutes(app);
  registerGoogleTaskRoutes(app);
  registerJobsiteNotes(app);
  registerContactRoutes(app);
  registerDevSiteRoutes(app, opts.db);
  registerReserveRoutes(app, opts.db);
  registerPublicAuthRoutes(app, opts.db);
  registerDevTools(app, opts.db);
  registerJobRoutes(app);
  registerSalesRoutes(app);
  registerCostRoutes(app);
  registerDispatchRoutes(app);
  registerEngineerPortalRoutes(app);
  registerNotificationRoutes(app);
  registerEngineerReportRoutes(app);
  await registerFileRoutes(app, { root: opts.filesRoot, store: opts.fileStore });
  registerCustomerPortalRoutes(app, opts.db);
  registerMailAdminRoutes(app);
  registerMailClientRoutes(app);
  registerMailComposeRoutes(app);
  await registerEvents(app, { listenUrl: opts.eventsListenUrl, heartbeatMs: opts.eventsHeartbeatMs });
  return app;
}
