/**
 * BENCH_ONLY=graph (and part of the full `npm run bench`): the first sync of one mailbox of 10,000
 * mails through the Graph source (delta pages, each new mail's MIME by `$value`, at most 4 requests
 * in flight per mailbox) against the fake Graph of providers/microsoft/mail*, beside the IMAP
 * engine's first sync of the same mails from Dovecot. Both run `syncAccount` in a process of their
 * own (bench/mailSyncChild.ts); the fake runs in this process, as Dovecot runs in its own. Goal: the
 * Graph rate at least half of the IMAP rate. BENCH_GRAPH_MAILS scales it down.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startGraphMailTestServer } from '../providers/microsoft/mailTestServer';
import { brandDb } from '../server/db/types';
import { initMailSecrets } from '../server/mail/secrets';
import { createTestAccount, withMailbox } from '../server/mail/sync/testMailbox';
import { mailDb } from '../server/mail/tables';
import { startDovecot, type Dovecot } from '../server/test/dovecot';
import { openDemoDatabase } from './demoDatabase';
import { chownTree, corpus, writeMaildir } from './mailCorpus';
import { syncInChild } from './mailSync';

const MAILS = Number(process.env.BENCH_GRAPH_MAILS ?? 10_000);
const PASSWORD = 'bench-pw';
const rate = (mails: number, ms: number) => Math.round((mails * 1000) / ms);

export async function runGraphMailBench(dataDir: string): Promise<void> {
  const { database, schema } = await openDemoDatabase(dataDir);
  let dovecot: Dovecot | null = null;
  const fake = await startGraphMailTestServer();
  const graphUrl = process.env.MS_GRAPH_URL;
  try {
    initMailSecrets(dataDir);
    const db = mailDb(brandDb(database.db, schema));
    const input = { url: database.url, schema, dataDir };

    // The same mails both ways: a maildir for Dovecot, the fake's Inbox for Graph.
    dovecot = await startDovecot();
    const user = 'graph-imap@bench.example';
    const dir = path.join(dovecot.mailRoot, user);
    writeMaildir(dir, '', corpus(MAILS, 'graphbench'));
    chownTree(dovecot.mailRoot, dir);
    await dovecot.addUser(user, PASSWORD);
    await withMailbox(dovecot, user, PASSWORD, (c) => c.status('INBOX', { messages: true }));
    const subject = 'graph-bench';
    let bytes = 0;
    for (const m of corpus(MAILS, 'graphbench')) {
      fake.knobs.deliver(subject, m.raw, 'inbox', { isRead: m.flags.includes('S') });
      bytes += m.raw.length;
    }
    console.log(`\ngraph bench: ${MAILS} mails (${(bytes / 1048576).toFixed(0)} MiB) in Dovecot and in the fake Graph's Inbox`);

    const imapAccount = await createTestAccount(db, dovecot, user, PASSWORD, false);
    const imap = await syncInChild({ ...input, accountId: imapAccount, runs: 1 });

    const graphAccount = await db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Graph bench', ma_email: `${subject}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    fake.allowToken('graph-bench-token', subject);
    process.env.MS_GRAPH_URL = fake.graphUrl;
    // Outlook's 10,000 requests per 10 minutes would set a floor of 10 minutes here (one $value per
    // mail): the sandbox does not count it, so the budget's minute window is opened for the bench
    // and what is measured is the sync itself with its 4 requests at once.
    process.env.MS_GRAPH_MAIL_PER_MINUTE = '1000000';
    const graph = await syncInChild({ ...input, accountId: graphAccount.mailaccount_id, runs: 1, graphToken: 'graph-bench-token' });
    const stored = await db
      .selectFrom('mails')
      .select(db.fn.countAll<string>().as('n'))
      .where('mailaccount_id', '=', graphAccount.mailaccount_id)
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== MAILS) throw new Error(`the Graph sync stored ${stored.n} of ${MAILS} mails`);
    if (fake.violations.length) throw new Error(`contract violations: ${JSON.stringify(fake.violations.slice(0, 3))}`);

    const [i, g] = [imap.runs[0], graph.runs[0]];
    const imapRate = rate(i.added, i.ms);
    const graphRate = rate(g.added, g.ms);
    const throttled = fake.knobs.calls.filter((c) => c.status === 429).length;
    console.log('\n| case | result | goal | met? |');
    console.log('|---|---|---|---|');
    console.log(
      `| first sync through Graph, Inbox of ${MAILS} mails (4 requests at once) | ${graphRate} mails/s (${(g.ms / 1000).toFixed(1)} s, ${stored.n} rows; ${fake.knobs.calls.length} requests, ${throttled} answered 429, at most ${fake.knobs.peakInFlight(subject)} in flight; peak RSS ${graph.peakMiB.toFixed(0)} MiB) | ≥ half the IMAP rate (≥ ${Math.ceil(imapRate / 2)} mails/s) | ${graphRate * 2 >= imapRate ? 'yes' : 'NO'} |`,
    );
    console.log(
      `|   beside: the IMAP engine on the same mails from Dovecot | ${imapRate} mails/s (${(i.ms / 1000).toFixed(1)} s; peak RSS ${imap.peakMiB.toFixed(0)} MiB) | — | — |`,
    );
  } finally {
    delete process.env.MS_GRAPH_MAIL_PER_MINUTE;
    if (graphUrl === undefined) delete process.env.MS_GRAPH_URL;
    else process.env.MS_GRAPH_URL = graphUrl;
    await fake.close();
    await dovecot?.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
