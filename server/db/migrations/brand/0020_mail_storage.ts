/**
 * Mail bodies are stored out of line without compression. PostgreSQL's own compression (pglz; the
 * embedded binaries have no lz4) spent more of a first sync's CPU than anything but the full-text
 * vector, to save disk on text that a mail server keeps uncompressed anyway; reading a mail also
 * skips the decompression.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const mails = sql.id(schema, 'mails');
  await sql`alter table ${mails} alter column mail_text set storage external, alter column mail_html set storage external`.execute(db);
}
