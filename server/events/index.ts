/**
 * Live updates (issue 29): the process's listening connection (hub.ts), the stream route
 * (stream.ts), and the job saves raised here; mail, sync and reminder events come from database
 * triggers (migration 0046), so a worker process raises them too.
 */
import type { FastifyInstance } from 'fastify';
import { raiseEvent } from './channel';
import { EventHub } from './hub';
import { registerEventStream } from './stream';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live event listener; null when the app was built without one. */
    events: EventHub | null;
  }
}

export interface EventOptions {
  /** Where to LISTEN: a direct PostgreSQL URL (not through a transaction pooler). */
  listenUrl?: string;
  heartbeatMs?: number;
}

/** A saved job: its id from the path of any job write (details, sales, costs, schedule, ...). */
const JOB_WRITE = /^\/api\/jobs\/:id(\/|$)/;

export async function registerEvents(app: FastifyInstance, opts: EventOptions): Promise<void> {
  const hub = opts.listenUrl ? new EventHub(opts.listenUrl) : null;
  app.decorate('events', hub);
  if (!hub) return;
  await hub.start();
  app.addHook('onClose', () => hub.close());
  registerEventStream(app, hub, opts.heartbeatMs);

  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (req.method === 'GET' || reply.statusCode >= 300 || !route || !JOB_WRITE.test(route) || !req.db || !req.user) return done();
    const jobId = Number((req.params as { id?: string }).id);
    if (!Number.isInteger(jobId)) return done();
    raiseEvent(req.db, { s: req.brand!.schema, k: 'job', j: jobId, b: req.user.us_id }).catch((err: Error) =>
      req.log.warn(`live event not raised: ${err.message}`),
    );
    done();
  });
}
