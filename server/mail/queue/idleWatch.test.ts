/** The IDLE watcher against Dovecot: changes are reported, a dropped connection comes back with back-off, a dead server never throws. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { freePort } from '../../net/freePort';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { createTestAccount, rawMail, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { startIdleWatchers, type IdleWatchers, type RetryTimers } from './idleWatch';

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
    await db
      .updateTable('mailincomingservers')
      .set({ mis_host: '127.0.0.1', mis_port: proxy.port })
      .where('mis_id', '=', (eb) => eb.selectFrom('mailaccounts').select('mis_id').where('mailaccount_id', '=', accountId))
      .execute();
    const changes: number[] = [];
    const errors: unknown[] = [];
    let opens = 0;
    const w = startIdleWatchers({
      root,
      onChange: async () => void changes.push(Date.now()),
      onError: (err) => errors.push(err),
      minBackoffMs: 100,
      debounceMs: 50,
      onOpen: () => void (opens += 1),
    });
    running.push(w);
    w.set([{ schema, accountId }]);
    expect(w.watching()).toEqual([{ schema, accountId }]);
    // Watched once its INBOX is open: appends before that would only be seen by the first sync anyway.
    expect(await until(() => opens === 1, 30_000), String(errors)).toBe(true);
    expect(changes).toEqual([]);

    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Hello' })));
    expect(await until(() => changes.length === 1), String(errors)).toBe(true);

    proxy.cut();
    // Back after the back-off; the reconnect itself asks for a sync (changes may have been missed).
    expect(await until(() => changes.length === 2)).toBe(true);
    expect(await until(() => opens === 2, 30_000)).toBe(true);
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'After the drop' })));
    expect(await until(() => changes.length === 3)).toBe(true);

    w.set([]);
    expect(w.watching()).toEqual([]);
    await proxy.close();
  }, 40_000);

  it('keeps retrying, more slowly each time, an account whose server does not answer, and stops cleanly', async () => {
    const accountId = await createTestAccount(db, { ...dovecot, port: await freePort() }, `${uniqueName('dead')}@test.example`, 'pw-1', false);
    const errors: unknown[] = [];
    // The reconnects are recorded with the delay the watcher asks for and run by the test at once,
    // so the back-off is checked on the delays themselves, not on how fast this machine is.
    const delays: number[] = [];
    const pending = new Map<number, () => void>();
    let nextHandle = 1;
    const retryTimers: RetryTimers = {
      set: (run, delayMs) => {
        delays.push(delayMs);
        pending.set(nextHandle, run);
        return nextHandle++;
      },
      clear: (handle) => void pending.delete(handle as number),
    };
    const w = startIdleWatchers({
      root,
      onChange: async () => undefined,
      onError: (err) => void errors.push(err),
      minBackoffMs: 100,
      maxBackoffMs: 400,
      retryTimers,
    });
    running.push(w);
    w.set([{ schema, accountId }]);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Each failed connect is reported and asks for exactly one reconnect.
      expect(await until(() => pending.size === 1, 20_000), `attempt ${attempt}`).toBe(true);
      expect(errors).toHaveLength(attempt);
      expect(delays).toHaveLength(attempt);
      if (attempt === 5) break;
      const [[handle, run]] = [...pending];
      pending.delete(handle);
      run();
    }
    // Doubling from minBackoffMs, capped at maxBackoffMs.
    expect(delays).toEqual([100, 200, 400, 400, 400]);
    await w.stop();
    // The reconnect that was waiting is cancelled: nothing is tried after the stop.
    expect(pending.size).toBe(0);
    expect(errors).toHaveLength(5);
  });
});
