/**
 * POST exportjobs/export: the job sheet's filtered list (same JobFilter body and sort, every
 * matching row, no paging) as an .xlsx download.
 *
 * Memory stays flat whatever the row count: the rows come from a server-side cursor
 * (DECLARE ... FETCH in one transaction) a batch at a time, exceljs's streaming WorkbookWriter
 * commits each row straight into the zip stream, and the loop waits for the HTTP response to
 * drain before it fetches more. Anything that fails before the first byte answers the envelope
 * (500 'Unexpected error during the export to file.'); a failure later can only cut the download.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../core/access/roles';
import { jobText } from '../../core/jobs/messages';
import { describeGate, requireGate } from '../auth/gate';
import { AppError, isAppError } from '../envelope/errors';
import { logInternalError } from '../envelope/errorLog';
import { errorResponses } from '../envelope/schemas';
import { SHEET_GATE } from '../jobs/access';
import { JOB_SORT, jobListQueries, sheetConditions, type JobConditions } from '../jobs/filter';
import { parseSort } from '../http/listQuery';
import { toListRow } from '../jobs/read';
import { jobDb, type JobDb } from '../jobs/tables';
import { EXPORT_COLUMNS, exportCells } from './columns';

const BATCH = 500;
const key = 'exportjobs';
const CURSOR = 'job_export';

/** The browser went away mid-download: the transaction ends and its connection goes back to the pool. */
class DownloadGone extends Error {}

/** Resolves when the response can take more, or when it is gone (a destroyed stream never drains). */
const roomOrGone = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

const exportFailed = (general: string | null) => new AppError({ code: 'INTERNAL', status: 500, primary: jobText('errors.exportFailed'), general });

type Row = Record<string, unknown>;

interface StreamState {
  _writableState?: { length: number };
  _readableState?: { length: number };
}
const MAX_BACKLOG = 512 * 1024;

/**
 * Bytes of sheet XML waiting for the zip's compressor. exceljs's sheet stream hands its chunks to
 * the zip without waiting (it ignores backpressure), so a loop that only watched the response
 * would pile the whole uncompressed sheet up in memory; the export waits on this instead.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream?: { pipes?: StreamState[] } }).stream?.pipes ?? [];
  return pipes.reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

/**
 * Runs the export's transaction: declares the cursor, hands the first batch to `onFirst`
 * (which starts the response) and then feeds every further batch to `write`.
 */
async function withCursor(db: JobDb, c: JobConditions, sortText: string | undefined, onFirst: (rows: Row[]) => Promise<(rows: Row[]) => Promise<void>>) {
  const query = jobListQueries(db, c, { limit: 1, offset: 0, sort: parseSort(sortText, JOB_SORT), withTotal: false }).unpaged;
  await db.transaction().execute(async (trx) => {
    await sql`declare ${sql.id(CURSOR)} no scroll cursor for ${query}`.execute(trx);
    const fetchBatch = async () => (await sql<Row>`fetch ${sql.lit(BATCH)} from ${sql.id(CURSOR)}`.execute(trx)).rows;
    let batch = await fetchBatch();
    let fetched = batch.length;
    const write = await onFirst(batch);
    while (fetched === BATCH) {
      batch = await fetchBatch();
      fetched = batch.length;
      await write(batch);
    }
    await sql`close ${sql.id(CURSOR)}`.execute(trx);
  });
}

async function startWorkbook(reply: FastifyReply, role: Role | null) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Jobs', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((col) => ({ header: col.header, key: col.key, width: col.width, style: col.numFmt ? { numFmt: col.numFmt } : undefined }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const stamp = new Date().toISOString().slice(0, 10);
  reply
    .code(200)
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="jobs-${stamp}.xlsx"`)
    .send(out);
  const write = async (rows: Row[]) => {
    for (const raw of rows) sheet.addRow(exportCells(toListRow(raw, role ?? null), raw)).commit();
    // Written: drop the batch before waiting, so its rows die young instead of filling the old heap.
    rows.length = 0;
    // Let the compressor and the client take what is buffered, so memory does not grow with the rows.
    while (zipBacklog(sheet) > MAX_BACKLOG && !out.destroyed) await new Promise((r) => setTimeout(r, 1));
    while (out.writableNeedDrain && !out.destroyed) await roomOrGone(out);
    if (out.destroyed) throw new DownloadGone();
  };
  const finish = async () => {
    sheet.commit();
    await workbook.commit();
  };
  return { out, write, finish };
}

async function exportJobs(req: FastifyRequest, reply: FastifyReply) {
  const c = sheetConditions(req);
  const sortText = (req.query as { sort?: string }).sort;
  parseSort(sortText, JOB_SORT);
  let book: Awaited<ReturnType<typeof startWorkbook>> | null = null;
  try {
    await withCursor(jobDb(req.db), c, sortText, async (first) => {
      book = await startWorkbook(reply, req.user?.role ?? null);
      await book.write(first);
      return book.write;
    });
    await (book as unknown as { finish: () => Promise<void> }).finish();
  } catch (err) {
    const started = book as unknown as { out: PassThrough } | null;
    if (!started) {
      if (isAppError(err)) throw err;
      throw exportFailed(await logInternalError(null, req, err));
    }
    // The answer has begun: all that is left is to cut it, so the browser sees a failed download.
    if (!(err instanceof DownloadGone)) await logInternalError(null, req, err);
    started.out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return reply;
}

export function registerExportRoutes(app: FastifyInstance): void {
  app.route({
    method: 'POST',
    url: '/api/exportjobs/export',
    config: { envelopeKey: key, gate: SHEET_GATE, docBody: { type: 'object', description: 'JobFilter (core/jobs/types.ts); query: sort' } },
    preHandler: requireGate(SHEET_GATE),
    schema: {
      tags: [key],
      summary: 'The filtered job sheet as an .xlsx file (all matching rows, streamed)',
      description: describeGate(SHEET_GATE),
      querystring: { type: 'object', properties: { sort: { type: 'string', maxLength: 300 } } },
      response: {
        200: { description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', type: 'string', format: 'binary' },
        ...errorResponses(key),
      },
    },
    handler: exportJobs,
  });
}
