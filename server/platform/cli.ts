/**
 * `npm run platform -- grant <domain> <email>`, `revoke <domain> <email>`, `list`: the deployment's
 * operator gives or takes a platform account (server/platform/accounts.ts). It runs on the server's
 * machine against its database (DATABASE_URL, or the embedded cluster in DATA_DIR, running or not);
 * no route of the API writes these rows. `files-copy` copies a brand's files between the local
 * folder and S3 (server/files/copyCli.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase, type Database } from '../db/connect';
import { createDb } from '../db/kysely';
import { brandDb, globalDb, type RootDb } from '../db/types';
import { migrateAll } from '../db/migrations/migrate';
import { runFilesCopy } from '../files/copyCli';

/** A running server's embedded cluster is used as it is (stopping it is that server's business). */
async function open(): Promise<{ db: RootDb; close: () => Promise<void> }> {
  const connFile = path.join(process.env.DATA_DIR ?? './data', 'pg-connection.json');
  if (!process.env.DATABASE_URL && existsSync(connFile)) {
    const conn = JSON.parse(readFileSync(connFile, 'utf8')) as { port: number; password: string; user?: string };
    const db = createDb(`postgres://${conn.user ?? 'postgres'}:${encodeURIComponent(conn.password)}@127.0.0.1:${conn.port}/postgres`, 1);
    try {
      await sql`select 1`.execute(db);
      return { db, close: () => db.destroy() };
    } catch {
      await db.destroy();
    }
  }
  const database: Database = await connectDatabase();
  return { db: database.db, close: database.close };
}

async function userOf(root: RootDb, domain: string, email: string): Promise<{ s_id: number; us_id: number; role: string }> {
  const site = await globalDb(root)
    .selectFrom('domains as d')
    .innerJoin('sites as s', 's.s_id', 'd.s_id')
    .select(['s.s_id', 's.schema_name'])
    .where('d.d_name', '=', domain.toLowerCase())
    .executeTakeFirst();
  if (!site?.schema_name) throw new Error(`No brand answers on ${domain}.`);
  const user = await brandDb(root, site.schema_name).selectFrom('users').select(['us_id', 'role']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (!user) throw new Error(`No user ${email} in the brand on ${domain}.`);
  return { s_id: site.s_id, us_id: user.us_id, role: user.role };
}

async function main(args: string[]): Promise<void> {
  const [command, domain, email] = args;
  // Files only: no database needed.
  if (command === 'files-copy') return runFilesCopy(args.slice(1));
  const { db, close } = await open();
  try {
    await migrateAll(db);
    const accounts = sql.id('global', 'platform_accounts');
    if (command === 'list') {
      const { rows } = await sql<{
        s_id: number;
        us_id: number;
        granted_at: Date;
      }>`select s_id, us_id, granted_at from ${accounts} order by s_id, us_id`.execute(db);
      for (const r of rows) console.log(`brand ${r.s_id} user ${r.us_id} since ${r.granted_at.toISOString()}`);
      if (!rows.length) console.log('No platform accounts.');
    } else if ((command === 'grant' || command === 'revoke') && domain && email) {
      const user = await userOf(db, domain, email);
      if (command === 'grant') {
        if (user.role !== 'Developer' && user.role !== 'Sales')
          throw new Error(`${email} is a ${user.role}; only a Developer or a Sales user can hold a platform account.`);
        await sql`insert into ${accounts} (s_id, us_id) values (${user.s_id}, ${user.us_id}) on conflict do nothing`.execute(db);
      } else {
        await sql`delete from ${accounts} where s_id = ${user.s_id} and us_id = ${user.us_id}`.execute(db);
      }
      console.log(`${email} on ${domain}: platform account ${command === 'grant' ? 'granted' : 'revoked'}.`);
    } else {
      throw new Error('Usage: npm run platform -- grant <domain> <email> | revoke <domain> <email> | list | files-copy --brand <site_N> --to s3|local');
    }
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
