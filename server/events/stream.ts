/**
 * GET /api/events: the live update stream of one signed-in tab (server-sent events). The stream
 * sends an event name and a small JSON body (core/events/types.ts); a comment line every
 * heartbeat keeps proxies and idle timers from closing it. At each heartbeat the session is read
 * again: a logout, an ended session or a changed role (elsewhere, in any process) ends the stream
 * or narrows what it hears from then on.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LiveEventData, LiveEventName } from '../../core/events/types';
import { requireLogin } from '../auth/gate';
import { findSessionUser } from '../auth/sessions';
import type { BrandDb } from '../db/types';
import { mailDb } from '../mail/tables';
import { changesLinks, eventFor, type Audience } from './audience';
import type { EventHub } from './hub';

/** Heartbeat every 25 s: under the usual 30-60 s idle limits of proxies and the server's own 120 s. */
export const DEFAULT_HEARTBEAT_MS = 25_000;
/** How long a browser waits before it connects again after a drop. */
const RETRY_MS = 2000;

async function linkedAccounts(db: BrandDb, usId: number): Promise<Set<number>> {
  const rows = await mailDb(db).selectFrom('mailaccount_users').select('mailaccount_id').where('us_id', '=', usId).execute();
  return new Set(rows.map((r) => r.mailaccount_id));
}

const frame = (name: LiveEventName, data: LiveEventData) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export function registerEventStream(app: FastifyInstance, hub: EventHub, heartbeatMs = DEFAULT_HEARTBEAT_MS): void {
  const open = new Set<ServerResponse>();
  // Open streams would hold the server's close forever; ended, the browsers reconnect to the next one.
  app.addHook('preClose', (done) => {
    for (const res of open) res.end();
    done();
  });
  app.route({
    method: 'GET',
    url: '/api/events',
    config: { envelopeKey: 'events' },
    preHandler: requireLogin,
    schema: {
      tags: ['events'],
      summary: "Live updates of the signed-in user's mail, sync state, reminders and jobs changed by others (text/event-stream)",
      description:
        'Server-sent events: `mail`, `sync` {accountId}, `reminders` {}, `job` {jobId}, `resync` {} (read everything again). A comment line every heartbeat.',
      response: { 200: { description: 'text/event-stream', type: 'string' } },
    },
    handler: async (req: FastifyRequest, reply) => {
      const db = req.db!;
      const audience: Audience = {
        schema: req.brand!.schema,
        user: req.user!,
        features: req.brand!.config.features,
        accounts: await linkedAccounts(db, req.user!.us_id),
      };
      const tokenHash = req.sessionTokenHash!;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise hold the events back in its buffer.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const send = (name: LiveEventName, data: LiveEventData) => void res.write(frame(name, data));

      // Events are judged in the order they came: one that follows a link change waits for the new links.
      let judged: Promise<void> = Promise.resolve();
      const unsubscribe = hub.subscribe((event) => {
        judged = judged.then(async () => {
          if (event === 'resync') return send('resync', {});
          if (changesLinks(audience, event)) audience.accounts = await linkedAccounts(db, audience.user.us_id).catch(() => audience.accounts);
          const visible = eventFor(audience, event);
          if (visible) send(visible.name, visible.data);
        });
      });
      const heartbeat = setInterval(() => {
        findSessionUser(db, tokenHash).then(
          (found) => {
            if (!found) return void res.end();
            audience.user = found.user;
            res.write(': heartbeat\n\n');
          },
          // The database is away for a moment: keep the stream, the next heartbeat asks again.
          () => void res.write(': heartbeat\n\n'),
        );
      }, heartbeatMs);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  });
}
