/**
 * The IMAP folder table of an account (SPEC.md point 7: filter, PATCH, clearSyncErrorLogs,
 * setEnabledStatus, setSyncFromDate, setDefaultSeen). Folders come from the sync (the server's
 * folder list); the admin only tunes how each is synced. `messages_synced / messages_on_server`
 * is the progress of the folder's first sync.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../envelope/errors';
import { asObject } from '../../http/objects';
import { objectBody } from '../../http/bodySchema';
import { action, idParams } from '../../http/route';
import { mailDb, type MailDb } from '../tables';
import { accountFolders, FOLDER_COLUMNS } from './accountQueries';
import { MAIL_ADMIN_GATE as gate } from './gate';
import { bool, boolValue, date, dateValue, Fields, id, idValue, ignored, oneOf, oneOfValue, refuseUnknown, wire } from './parse';

const key = 'imapfolders';
const FOLDER_TYPES = ['inbox', 'sent', 'trash', 'drafts', 'junk', 'archive', 'other'] as const;
type IdReq = FastifyRequest<{ Params: { id: number } }>;
const folderId = (req: FastifyRequest) => (req as IdReq).params.id;

type FolderChange = {
  ifolder_sync_enabled?: boolean;
  ifolder_syncfromdt?: Date | null;
  is_default_seen?: boolean;
  ifolder_type?: string;
  sync_error?: null;
  sync_error_at?: null;
};

async function change(db: MailDb, id: number, values: FolderChange) {
  const row = await db
    .updateTable('imapfolders')
    .set(values)
    .where('ifolder_id', '=', id)
    .where('is_gone', '=', false)
    .returning(FOLDER_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { data: wire(row) };
}

function one<T>(req: FastifyRequest, parse: (f: Fields, body: Record<string, unknown>) => T): T {
  const f = new Fields();
  const value = parse(f, asObject(req.body));
  f.throwIfAny();
  return value;
}

export function registerImapFolderRoutes(app: FastifyInstance): void {
  const base = '/api/imapfolders';
  /** A required flag: true or false (1 or 0 as well). */
  const flagBody = (name: string) => objectBody({ [name]: { enum: [true, false, 1, 0], 'x-message': 'validation.value' } }, [name]);

  action(
    app,
    {
      method: 'POST',
      url: `${base}/filter`,
      key,
      gate,
      body: objectBody({ mailaccount_id: idValue() }, ['mailaccount_id']),
      summary: "An account's IMAP folders with sync settings, progress and errors",
    },
    async (req) => {
      const accountId = one(req, (f, b) => id(f, 'mailaccount_id', b.mailaccount_id, true) as number);
      const db = mailDb(req.db);
      if (!(await db.selectFrom('mailaccounts').select('mailaccount_id').where('mailaccount_id', '=', accountId).executeTakeFirst())) throw notFound();
      const rows = await accountFolders(db, accountId);
      // Mails the sync could not read or store, by folder (the cursor moved past them): UID and reason.
      const skipped = rows.length
        ? await db
            .selectFrom('mail_skipped')
            .select(['ifolder_id', 'uid', 'reason', 'skipped_at'])
            .where(
              'ifolder_id',
              'in',
              rows.map((r) => r.ifolder_id),
            )
            .orderBy('ifolder_id')
            .orderBy('uid')
            .limit(1000)
            .execute()
        : [];
      const withSkipped = rows.map((r) => ({
        ...r,
        skipped: skipped.filter((k) => k.ifolder_id === r.ifolder_id).map(({ uid, reason, skipped_at }) => ({ uid: Number(uid), reason, skipped_at })),
      }));
      return { data: wire(withSkipped), totalCount: rows.length };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/:id`,
      key,
      gate,
      params: idParams,
      change: true,
      body: {
        ...objectBody({
          // The row's other columns may come back as they were read; the ones below are checked.
          ...ignored(FOLDER_COLUMNS),
          ifolder_sync_enabled: boolValue(),
          ifolder_syncfromdt: dateValue(),
          is_default_seen: boolValue(),
          ifolder_type: oneOfValue(FOLDER_TYPES),
        }),
        additionalProperties: false,
      },
      summary: 'Change how one folder is synced: enabled, sync from date, default seen, folder type',
    },
    async (req) => {
      const values = one(req, (f, b) => {
        refuseUnknown(f, b, ['ifolder_sync_enabled', 'ifolder_syncfromdt', 'is_default_seen', 'ifolder_type', ...FOLDER_COLUMNS]);
        const v: FolderChange = {
          ifolder_sync_enabled: bool(f, 'ifolder_sync_enabled', b.ifolder_sync_enabled),
          ifolder_syncfromdt: date(f, 'ifolder_syncfromdt', b.ifolder_syncfromdt),
          is_default_seen: bool(f, 'is_default_seen', b.is_default_seen),
          ifolder_type: oneOf(f, 'ifolder_type', b.ifolder_type, FOLDER_TYPES),
        };
        return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as FolderChange;
      });
      if (!Object.keys(values).length) {
        const row = await mailDb(req.db)
          .selectFrom('imapfolders')
          .select(FOLDER_COLUMNS)
          .where('ifolder_id', '=', folderId(req))
          .where('is_gone', '=', false)
          .executeTakeFirst();
        if (!row) throw notFound();
        return { data: wire(row) };
      }
      return change(mailDb(req.db), folderId(req), values);
    },
  );

  action(
    app,
    { method: 'POST', url: `${base}/:id/clearSyncErrorLogs`, key, gate, params: idParams, change: true, summary: "Clear the folder's sync error" },
    (req) => change(mailDb(req.db), folderId(req), { sync_error: null, sync_error_at: null }),
  );
  action(
    app,
    {
      method: 'POST',
      url: `${base}/:id/setEnabledStatus`,
      key,
      gate,
      params: idParams,
      change: true,
      body: flagBody('enabled'),
      summary: 'Sync the folder or not',
    },
    (req) => change(mailDb(req.db), folderId(req), { ifolder_sync_enabled: one(req, (f, b) => bool(f, 'enabled', b.enabled, true)!) }),
  );
  action(
    app,
    {
      method: 'POST',
      url: `${base}/:id/setSyncFromDate`,
      key,
      gate,
      params: idParams,
      change: true,
      body: objectBody({
        date: {
          type: 'string',
          pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?Z?\\s*$',
          'x-message': 'validation.value',
          example: '2026-01-31',
        },
      }),
      summary: 'Sync only mails from this date (null: all)',
    },
    (req) => change(mailDb(req.db), folderId(req), { ifolder_syncfromdt: one(req, (f, b) => date(f, 'date', b.date) ?? null) }),
  );
  action(
    app,
    {
      method: 'POST',
      url: `${base}/:id/setDefaultSeen`,
      key,
      gate,
      params: idParams,
      change: true,
      body: flagBody('value'),
      summary: 'New mails of this folder arrive as read',
    },
    (req) => change(mailDb(req.db), folderId(req), { is_default_seen: one(req, (f, b) => bool(f, 'value', b.value, true)!) }),
  );
}
