/**
 * A real Dovecot IMAP server for the mail tests: Debian's dovecot-imapd started on a free loopback
 * port with its own config, maildir folder and passwd file in a temp folder. As root, mail and
 * internal processes run as the package's unprivileged `dovecot` user; otherwise as the caller.
 * With `oauth2IntrospectionUrl` it also takes OAuth bearer tokens (XOAUTH2, OAUTHBEARER) through
 * its oauth2 passdb, which asks that URL about each token (./oauthServer.ts answers it); the
 * passwords of `addUser` keep working for PLAIN and LOGIN.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../net/freePort';

export interface Dovecot {
  host: string;
  port: number;
  /** Folder of the users' maildirs (`<mailRoot>/<user>`), for filling a mailbox before its first login. */
  mailRoot: string;
  /** Adds a mailbox user (login = address). */
  addUser(user: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  /** RFC 7662 introspection endpoint (POST `token=`) answering `{ active: true, email: <user> }` for a good token. */
  oauth2IntrospectionUrl?: string;
}

const DOVECOT = '/usr/sbin/dovecot';

/**
 * Dovecot hands its processes a cleaned environment (`import_environment`). When the tests run
 * under a faked clock (libfaketime around the test command, to run them at another hour), its
 * processes must keep the same clock as the app's, or every date the two compare is a day apart.
 */
function sharedClock(): string {
  const keep = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_RESET', 'DONT_FAKE_MONOTONIC'].filter((name) => process.env[name]);
  return keep.length ? `import_environment = TZ ${keep.map((name) => `${name}=${process.env[name]}`).join(' ')}` : '';
}

function runAs(): { user: string; group: string; uid: number; gid: number } {
  const name = process.getuid?.() === 0 ? 'dovecot' : os.userInfo().username;
  const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
  const group = execFileSync('id', ['-gn', name]).toString().trim();
  return { user: name, group, uid, gid };
}

/** The oauth2 passdb's settings: no tokeninfo URL, so every token goes to the introspection endpoint. */
function oauth2Config(introspectionUrl: string): string {
  return `
introspection_mode = post
introspection_url = ${introspectionUrl}
username_attribute = email
active_attribute = active
active_value = true
force_introspection = yes
timeout_msecs = 10000
`;
}

/**
 * Dovecot answers a failed login after 2 s, and delays the next logins from that address (2 s,
 * doubling up to 15 s), which would make the logins after a refused-token test crawl. The auth
 * process keeps that count in anvil; a socket nobody may open turns it off.
 */
const quickFailures = `auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;

function config(dir: string, port: number, ids: ReturnType<typeof runAs>, oauth2: boolean): string {
  // With OAuth, passwords serve PLAIN and LOGIN only, and bearer tokens go to the oauth2 passdb.
  const oauth2Passdb = `
  mechanisms = plain login
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext`;
  return `${sharedClock()}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
# IDLE learns of new mail through inotify; where a busy machine has no inotify watch left, Dovecot
# looks every mailbox_idle_check_interval (30 s by default, as long as the tests' waits).
mailbox_idle_check_interval = 1 secs
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
default_internal_user = ${ids.user}
default_internal_group = ${ids.group}
default_login_user = ${ids.user}
first_valid_uid = ${ids.uid}
first_valid_gid = ${ids.gid}
mail_location = maildir:${dir}/mail/%u
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd.d/%u${oauth2 ? oauth2Passdb : ''}
}
userdb {
  driver = static
  args = uid=${ids.uid} gid=${ids.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-writer {
    user = ${ids.user}
  }
}
${oauth2 ? quickFailures : ''}`;
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on ${port} in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startDovecot(opts: DovecotOptions = {}): Promise<Dovecot> {
  await fs.access(DOVECOT).catch(() => {
    throw new Error('Dovecot is not installed: apt-get install dovecot-imapd (.ci/run does this)');
  });
  const ids = runAs();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dovecot-'));
  await Promise.all(['run', 'state', 'mail', 'passwd.d'].map((d) => fs.mkdir(path.join(dir, d))));
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  const oauth2 = !!opts.oauth2IntrospectionUrl;
  if (opts.oauth2IntrospectionUrl) {
    if (/[\s"]/.test(opts.oauth2IntrospectionUrl)) throw new Error('the introspection URL must not contain spaces or quotes');
    await fs.writeFile(path.join(dir, 'oauth2.conf.ext'), oauth2Config(opts.oauth2IntrospectionUrl));
  }
  await fs.writeFile(conf, config(dir, port, ids, oauth2));
  await fs.chmod(dir, 0o755);
  execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dir]);
  // The daemon keeps inherited pipes open: give it none, or this call would wait for ever.
  execFileSync(DOVECOT, ['-c', conf], { stdio: 'ignore' });
  await waitForPort(port, 10_000);
  return {
    host: '127.0.0.1',
    port,
    mailRoot: path.join(dir, 'mail'),
    async addUser(user, password) {
      if (/[:\n/]/.test(user + password)) throw new Error('user and password must not contain ":", "/" or newlines');
      // One passwd file per user: Dovecot rereads a changed file only when its mtime moves, which
      // two users added within one second would not do.
      await fs.writeFile(path.join(dir, 'passwd.d', user), `${user}:{PLAIN}${password}\n`);
    },
    async stop() {
      try {
        execFileSync(DOVECOT, ['-c', conf, 'stop'], { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
      await new Promise((r) => setTimeout(r, 200));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
