/**
 * When a mail may be deleted, marked as spam or moved to Trash or Junk (SPEC.md points 5 and 6):
 * a mail linked to any job cannot be deleted or marked as spam; deletion is also refused while the
 * mail's stored attachment files are used elsewhere (filed to a job's or a site's documents,
 * attached to a draft), and needs can-delete on the account. Restoring a deleted mail needs can-delete too.
 */
import { AppError } from '../../envelope/errors';
import { mailClientText } from '../../../core/mail/client/messages';
import { attachmentDb } from '../sync/attachmentTables';
import type { MailDb } from '../tables';
import { isLinkedToJob } from './jobLinks';
import { jobLinkedConflict, recordForbidden, type AccountLink, type MailRow } from './access';

export const relatedResourcesConflict = () =>
  new AppError({ code: 'CONFLICT', status: 409, primary: mailClientText('errors.relatedResources'), details: 'attachments' });

/** True when a stored attachment file of the mail is linked to a job or a job site, or used by a draft. */
export async function attachmentsInUse(db: MailDb, maId: number): Promise<boolean> {
  const adb = attachmentDb(db);
  const used = await adb
    .selectFrom('mail_attachments as a')
    .select('a.file_id')
    .where('a.ma_id', '=', maId)
    .where('a.file_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('file_job_links as j').select('j.file_id').whereRef('j.file_id', '=', 'a.file_id')),
        eb.exists(eb.selectFrom('file_site_links as s').select('s.file_id').whereRef('s.file_id', '=', 'a.file_id')),
        eb.exists(eb.selectFrom('maildraft_files as d').select('d.file_id').whereRef('d.file_id', '=', 'a.file_id')),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/** Refuses marking the mail as spam (or moving it to Junk) when it belongs to a job. */
export async function checkSpamAllowed(db: MailDb, mail: MailRow): Promise<void> {
  if (await isLinkedToJob(db, Number(mail.ma_id))) throw jobLinkedConflict();
}

/** Refuses deleting the mail (the deleted mark, a move to Trash, the final delete). */
export async function checkDeleteAllowed(db: MailDb, mail: MailRow, link: AccountLink): Promise<void> {
  if (await isLinkedToJob(db, Number(mail.ma_id))) throw jobLinkedConflict();
  if (await attachmentsInUse(db, Number(mail.ma_id))) throw relatedResourcesConflict();
  if (!link.can_delete) throw recordForbidden();
}
