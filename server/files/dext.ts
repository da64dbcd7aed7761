/**
 * POST jobs/{id}/sendFileToDext { fxj_id, file_id }: a purchase invoice of the job is mailed as an
 * attachment to the brand's receipt-processing address (site_config key `dextEmail`) through the
 * brand's default outgoing mail server, then its link is marked processed. Shown when job.dext is on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Gate } from '../../core/access/access';
import { STAFF } from '../../core/access/roles';
import { AppError, invalidField, notFound } from '../envelope/errors';
import { fileText } from '../../core/files/messages';
import { objectBody } from '../http/bodySchema';
import { idSchema } from '../http/bodyShapes';
import { action, idParams } from '../http/route';
import { originalKey, type FileStore } from './storage';
import { fileDb } from './tables';
import { smtpTransport } from '../mail/transport';

export const DEXT_GATE: Gate = { roles: STAFF, requiredFeatures: ['job.enabled', 'job.dext'] };
/** The site_config key holding the receipt address. */
export const DEXT_ADDRESS_KEY = 'dextEmail';

interface MailTables {
  mailservers: {
    mailserver_id: number;
    mailserver_host: string;
    mailserver_port: number;
    mailserver_secure: boolean;
    mailserver_user: string | null;
    mailserver_pass: string | null;
    mailserver_from: string;
    mailserver_is_default: boolean;
  };
  site_config: { sc_key: string; sc_value: unknown };
}

const notSetUp = (key: string) => new AppError({ code: 'CONFLICT', status: 409, primary: fileText(key) });

async function sendToDext(req: FastifyRequest, store: FileStore, jobId: number, fxjId: number, fileId: number) {
  const files = fileDb(req.db);
  const mail = req.db as unknown as Kysely<MailTables>;
  const doc = await files
    .selectFrom('file_job_links as x')
    .innerJoin('files as f', 'f.file_id', 'x.file_id')
    .innerJoin('jobs as j', 'j.job_id', 'x.job_id')
    .select(['x.fxj_id', 'f.f_grp_id', 'f.f_name', 'f.f_type', 'f.f_storage_name', 'f.f_added', 'j.job_number'])
    .where('x.job_id', '=', jobId)
    .where('x.fxj_id', '=', fxjId)
    .where('x.file_id', '=', fileId)
    .executeTakeFirst();
  if (!doc) throw notFound();
  if (doc.f_grp_id !== 'PURCHASE_INVOICES') throw invalidField('file_id');
  const setting = await mail.selectFrom('site_config').select('sc_value').where('sc_key', '=', DEXT_ADDRESS_KEY).executeTakeFirst();
  const to = typeof setting?.sc_value === 'string' ? setting.sc_value.trim() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw notSetUp('files.errors.noDextAddress');
  const server = await mail.selectFrom('mailservers').selectAll().where('mailserver_is_default', '=', true).executeTakeFirst();
  if (!server) throw notSetUp('files.errors.noMailServer');
  const object = await store.open(originalKey(req.brand!.schema, doc.f_added, doc.f_storage_name));
  if (!object) throw notFound();

  const transport = await smtpTransport(mail, server);
  try {
    await transport.sendMail({
      from: server.mailserver_from,
      to,
      subject: `Purchase invoice ${doc.job_number ?? `#${jobId}`}: ${doc.f_name}`,
      text: `Purchase invoice of job ${doc.job_number ?? `#${jobId}`}.`,
      attachments: [{ filename: doc.f_name, content: object.stream, contentType: doc.f_type }],
    });
  } catch (err) {
    object.stream.destroy();
    req.log.warn({ err }, 'sendFileToDext: the outgoing mail server refused the mail');
    throw new AppError({ code: 'CONFLICT', status: 409, primary: fileText('files.errors.dextSendFailed') });
  } finally {
    transport.close();
  }
  await files.updateTable('file_job_links').set({ fxj_processed: true }).where('fxj_id', '=', fxjId).execute();
}

export function registerDextRoute(app: FastifyInstance, store: FileStore, jobOr404: (req: FastifyRequest) => Promise<number>): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/:id/sendFileToDext',
      key: 'jobs',
      gate: DEXT_GATE,
      params: idParams,
      change: true,
      summary: 'Mails a purchase invoice of the job to the receipt-processing address and marks it processed: { fxj_id, file_id }',
      body: {
        ...objectBody({ fxj_id: idSchema('validation.number'), file_id: idSchema('validation.number') }, ['fxj_id', 'file_id']),
        additionalProperties: false,
      },
    },
    async (req) => {
      const jobId = await jobOr404(req);
      const { fxj_id: fxjId, file_id: fileId } = req.body as { fxj_id: number; file_id: number };
      await sendToDext(req, store, jobId, fxjId, fileId);
      return { data: { fxj_id: fxjId, file_id: fileId, fxj_processed: true } };
    },
  );
}
