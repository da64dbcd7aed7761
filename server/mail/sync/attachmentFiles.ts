/**
 * A mail's attachments become files (group EMAILATTACHMENTS) while its batch is stored, so reading,
 * downloading and filing them to a job never goes back to the IMAP server. Two steps per batch:
 * 1. before the batch's transaction, the bytes of the mails that have no attachment rows yet are
 *    written into the FileStore (a retried batch or a second folder's copy finds the rows and
 *    writes nothing);
 * 2. in the batch's transaction, beside the folder's cursor, the `files` and `mail_attachments`
 *    rows. A stop between the two leaves files nobody points at (harmless), never a mail whose
 *    rows say "stored" without bytes: the cursor did not move, so the retried batch stores them.
 */
import fs from 'node:fs/promises';
import { brandSchemaOf } from '../../db/types';
import { detectType } from '../../files/detect';
import { fileStoreFromEnv } from '../../files/storeConfig';
import { newStorageName, originalKey, type FileStore } from '../../files/storage';
import type { MailDb } from '../tables';
import { attachmentDb, type AttachmentDb } from './attachmentTables';
import type { ParsedAttachment } from './attachmentParts';

/** Where a sync puts attachment bytes: the app's store and the brand schema its keys start with. */
export interface AttachmentTarget {
  store: FileStore;
  schema: string;
}

let configuredStore: FileStore | null = null;

/**
 * The store given, else the one the environment configures (S3_BUCKET or the data folder), as
 * start.ts makes it for the app: a sync or a seed that was handed no store still writes where
 * every process reads.
 */
export function attachmentTarget(db: MailDb, store?: FileStore): AttachmentTarget {
  const schema = brandSchemaOf(db);
  if (!schema) throw new Error('The mail sync needs a brand-bound database to store attachments');
  if (store) return { store, schema };
  configuredStore ??= fileStoreFromEnv().store;
  return { store: configuredStore, schema };
}

/** Bytes of one attachment in the store, not yet a `files` row. */
export interface StoredBytes {
  name: string;
  mime: string;
  size: number;
  storageName: string;
  added: Date;
  key: string;
}

export interface PendingAttachment extends StoredBytes {
  maId: number;
  position: number;
  contentType: string;
}

/** Files written at once: enough to overlap the disk's latency, few enough not to hog descriptors. */
const WRITE_PARALLEL = 8;

async function mailsWithRows(db: AttachmentDb, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('mail_attachments').select('ma_id').distinct().where('ma_id', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.ma_id)));
}

/** Writes an attachment's bytes to the store under a new key (the sync's files and a forward's draft-only ones). */
export async function storeAttachmentBytes(target: AttachmentTarget, a: ParsedAttachment, added: Date): Promise<StoredBytes> {
  const staged = await target.store.stagingPath();
  try {
    await fs.writeFile(staged, a.content, { flag: 'wx' });
    // The bytes decide the stored type (a name claiming another type gets none), as for uploads.
    const type = await detectType(staged, a.name);
    const storageName = newStorageName(type?.ext ?? null);
    const key = originalKey(target.schema, added, storageName);
    await target.store.put(key, staged);
    return { name: a.name, mime: type?.mime ?? 'application/octet-stream', size: a.content.length, storageName, added, key };
  } finally {
    await fs.rm(staged, { force: true }).catch(() => undefined);
  }
}

async function writeOne(target: AttachmentTarget, maId: number, position: number, a: ParsedAttachment, added: Date): Promise<PendingAttachment> {
  return { maId, position, contentType: a.contentType, ...(await storeAttachmentBytes(target, a, added)) };
}

export async function writeAttachmentFiles(
  db: MailDb,
  target: AttachmentTarget,
  mails: { maId: number; attachments: ParsedAttachment[] }[],
): Promise<PendingAttachment[]> {
  const candidates = mails.filter((m) => m.attachments.length);
  if (!candidates.length) return [];
  const done = await mailsWithRows(
    attachmentDb(db),
    candidates.map((m) => m.maId),
  );
  const work = candidates.filter((m) => !done.has(m.maId)).flatMap((m) => m.attachments.map((a, position) => ({ maId: m.maId, position, a })));
  const added = new Date();
  const written: PendingAttachment[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < work.length && !failures.length) {
      const { maId, position, a } = work[next++];
      try {
        written.push(await writeOne(target, maId, position, a, added));
      } catch (err) {
        failures.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_PARALLEL, work.length) }, worker));
  if (failures.length) {
    await removeAttachmentFiles(target, written);
    throw failures[0];
  }
  return written;
}

/** Step 2, in the batch's transaction: the rows of the files written. Returns the files no row took (to remove). */
export async function recordAttachments(trx: MailDb, pending: PendingAttachment[]): Promise<PendingAttachment[]> {
  if (!pending.length) return [];
  const db = attachmentDb(trx);
  // Under the account's lease no one else stores this account's mails; the check keeps a retry idempotent all the same.
  const done = await mailsWithRows(db, [...new Set(pending.map((p) => p.maId))]);
  const fresh = pending.filter((p) => !done.has(p.maId));
  if (fresh.length) {
    const files = await db
      .insertInto('files')
      .values(
        fresh.map((p) => ({ f_grp_id: 'EMAILATTACHMENTS', f_name: p.name, f_storage_name: p.storageName, f_size: p.size, f_type: p.mime, f_added: p.added })),
      )
      .returning(['file_id', 'f_storage_name'])
      .execute();
    const ids = new Map(files.map((f) => [f.f_storage_name, f.file_id]));
    await db
      .insertInto('mail_attachments')
      .values(
        fresh.map((p) => ({
          ma_id: p.maId,
          mat_position: p.position,
          file_id: ids.get(p.storageName)!,
          mat_name: p.name,
          mat_content_type: p.contentType,
          mat_size: p.size,
        })),
      )
      .onConflict((oc) => oc.columns(['ma_id', 'mat_position']).doNothing())
      .execute();
  }
  return pending.filter((p) => done.has(p.maId));
}

export async function removeAttachmentFiles(target: AttachmentTarget, files: PendingAttachment[]): Promise<void> {
  if (files.length) await target.store.remove(files.map((f) => f.key)).catch(() => undefined);
}

/**
 * The stored attachments of mails about to be deleted (in the same transaction): their files go
 * too unless a job, a job site or a draft uses them. Returns the keys to remove once committed.
 */
export async function dropAttachmentFiles(trx: MailDb, schema: string, fileIds: number[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const gone = await attachmentDb(trx)
    .deleteFrom('files as f')
    .where('f.file_id', 'in', fileIds)
    .where(({ and, not, exists, selectFrom }) =>
      and([
        not(exists(selectFrom('file_job_links as j').select('j.file_id').whereRef('j.file_id', '=', 'f.file_id'))),
        not(exists(selectFrom('file_site_links as s').select('s.file_id').whereRef('s.file_id', '=', 'f.file_id'))),
        not(exists(selectFrom('maildraft_files as d').select('d.file_id').whereRef('d.file_id', '=', 'f.file_id'))),
        not(exists(selectFrom('mail_attachments as m').select('m.file_id').whereRef('m.file_id', '=', 'f.file_id'))),
        not(exists(selectFrom('mails as r').select('r.source_file_id').whereRef('r.source_file_id', '=', 'f.file_id'))),
      ]),
    )
    .returning(['f.f_storage_name', 'f.f_added'])
    .execute();
  return gone.map((g) => originalKey(schema, g.f_added, g.f_storage_name));
}
