/** Graph mail meets the same router as IMAP mail (issue 30): a Microsoft mailbox's synced mail is filed by its subject's number. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphMailTestServer, type GraphMailTestServer } from '../../../providers/microsoft/mailTestServer';
import { brandDb, type RootDb } from '../../db/types';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { simpleParser } from 'mailparser';
import { sendDraft } from '../compose/drafts/send';
import { composeDb } from '../compose/tables';
import { mailRouting } from './read';
import { setGraphAccessTokens } from '../graph/source';
import { syncAccount } from '../sync/syncAccount';
import { rawMail } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { routingDb } from './tables';

let root: RootDb;
let db: MailDb;
let schema: string;
let fake: GraphMailTestServer;

beforeAll(async () => {
  root = testDb();
  const brand = await createTestBrand(root);
  schema = brand.schema;
  db = mailDb(brandDb(root, brand.schema));
  fake = await startGraphMailTestServer();
  setGraphAccessTokens(async (_db, _msa, accountId) => `token-${accountId}`, { graphUrl: fake.graphUrl });
}, 120_000);

afterAll(async () => {
  setGraphAccessTokens(null);
  await fake?.close();
  await root?.destroy();
});

describe('routing Graph mail', () => {
  it("files a Microsoft mailbox's mail by the job number in its subject and leaves another brand's number in triage", async () => {
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(schema, 'departments')} (de_name, de_prefix) values ('Plumbing', 'PLB') returning de_id`.execute(db);
    const job = await db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'PLB-000077' }).returning('job_id').executeTakeFirstOrThrow();
    const subject = uniqueName('mbx');
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: subject, ma_email: `${subject}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    fake.allowToken(`token-${account.mailaccount_id}`, subject);
    fake.knobs.state.mailbox(subject);
    fake.knobs.deliver(subject, rawMail({ subject: 'Invoice query PLB-000077', messageId: '<g-route-1@client.example>' }));
    fake.knobs.deliver(subject, rawMail({ subject: 'About XYZ-000077', messageId: '<g-route-2@client.example>' }));

    expect((await syncAccount(db, account.mailaccount_id)).error).toBeUndefined();
    const rows = await routingDb(db)
      .selectFrom('mails as m')
      .innerJoin('mail_routing as r', 'r.ma_id', 'm.ma_id')
      .leftJoin('mail_job_links as l', 'l.ma_id', 'm.ma_id')
      .select(['m.message_id', 'l.job_id', 'r.mr_reason'])
      .where('m.mailaccount_id', '=', account.mailaccount_id)
      .orderBy('m.message_id')
      .execute();
    expect(rows).toEqual([
      { message_id: '<g-route-1@client.example>', job_id: job.job_id, mr_reason: 'subject_number' },
      { message_id: '<g-route-2@client.example>', job_id: null, mr_reason: 'unrouted' },
    ]);
  });

  it("sends a new mail started from a job through Graph with the job's plus-address as Reply-To, filed to the job", async () => {
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(schema, 'departments')} (de_name, de_prefix) values ('Roofing', 'ROF') returning de_id`.execute(db);
    const job = await db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'ROF-000005' }).returning('job_id').executeTakeFirstOrThrow();
    const box = uniqueName('send');
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: box, ma_email: `${box}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    fake.allowToken(`token-${account.mailaccount_id}`, box);
    const mailbox = fake.knobs.state.mailbox(box);
    const cdb = composeDb(db);
    const draft = await cdb
      .insertInto('maildrafts')
      .values({
        mailaccount_id: account.mailaccount_id,
        mdraft_to_arr: JSON.stringify([{ name: 'Owner', address: 'owner@house.example' }]),
        mdraft_subject: 'Roof survey',
        mdraft_html: '<p>Dates below.</p>',
        job_id: job.job_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const outcome = await sendDraft(cdb, undefined, schema, draft);
    const sent = fake.knobs.state.inFolder(mailbox, fake.knobs.state.folder(mailbox, 'sentitems')!.id);
    expect((await simpleParser(sent[0].mime)).replyTo?.value.map((a) => a.address)).toEqual([`${box}+rof-000005@sandbox.onmicrosoft.test`]);
    expect(await mailRouting(routingDb(db), outcome.ma_id)).toMatchObject({ job_ids: [job.job_id], reason: 'sent_from_job', by: 'router' });
  });
});
