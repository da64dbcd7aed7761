/** The IDLE watcher against Dovecot: changes are reported, a dropped connection comes back with back-off, a dead server never throws. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { freePort } from '../../net/freePort';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { createTestAccount, rawMail, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { startIdleWatchers, type IdleWatchers } from './idleWatch';

let root: RootDb;
let db: MailDb;
let schema: string;
let dovecot: Dovecot;
const running: IdleWatchers[] = [];

beforeAll(async () => {
  root = testDb();
  schema = (await createTestBrand(root)).schema;
  db = mailDb(brandDb(root, schema));
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  for (const w of running) await w.stop();
  await dovecot?.stop();
  await root?.destroy();
});

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A TCP relay in front of Dovecot whose connections the test can cut, as a network drop would. */
async function relay(): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(dovecot.port, dovecot.host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('IMAP IDLE watcher', () => {
  it('reports a new mail, and after a dropped connection reconnects and reports again', async () => {
    const user = `${uniqueName('watch')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    const proxy = await relay();
    await db.updateTable('mailincomingservers').set({ mis_host: '127.0.0.1', mis_port: proxy.port }).where('mis_id', '=', (eb) => eb.selectFrom('mailaccounts').select('mis_id').where('mailaccount_id', '=', accountId)).execute();
    const changes: number[] = [];
    const errors: unknown[] = [];
    const w = startIdleWatchers({ root, onChange: async () => void changes.push(Date.now()), onError: (err) => errors.push(err), minBackoffMs: 100, debounceMs: 50 });
    running.push(w);
    w.set([{ schema, accountId }]);
    expect(w.watching()).toEqual([{ schema, accountId }]);
    // Ready once IDLE runs: appends before that would only be seen by the first sync anyway.
    await new Promise((r) => setTimeout(r, 1500));
    expect(changes).toEqual([]);

    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Hello' })));
    expect(await until(() => changes.length === 1), String(errors)).toBe(true);

    proxy.cut();
    // Back after the back-off; the reconnect itself asks for a sync (changes may have been missed).
    expect(await until(() => changes.length === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'After the drop' })));
    expect(await until(() => changes.length === 3)).toBe(true);

    w.set([]);
    expect(w.watching()).toEqual([]);
    await proxy.close();
  }, 40_000);

  it('keeps retrying, more slowly each time, an account whose server does not answer, and stops cleanly', async () => {
    const accountId = await createTestAccount(db, { ...dovecot, port: await freePort() }, `${uniqueName('dead')}@test.example`, 'pw-1', false);
    const errors: number[] = [];
    const w = startIdleWatchers({ root, onChange: async () => undefined, onError: () => void errors.push(Date.now()), minBackoffMs: 100, maxBackoffMs: 400 });
    running.push(w);
    w.set([{ schema, accountId }]);
    expect(await until(() => errors.length >= 4, 5000)).toBe(true);
    const gaps = errors.slice(1).map((t, i) => t - errors[i]);
    expect(gaps[1]).toBeGreaterThanOrEqual(gaps[0] - 20);
    await w.stop();
    const seen = errors.length;
    await new Promise((r) => setTimeout(r, 600));
    expect(errors.length).toBe(seen);
  });
});
