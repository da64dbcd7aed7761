/**
 * microsoftaccounts: the brand's Microsoft 365 mailboxes (INTEGRATIONS.md, Microsoft). An admin
 * connects one (loginUrl → Microsoft's consent → the SPA's /microsoft-connect page posts `code` and
 * `state` to `connect`; the mailbox is identified by Graph's `/me` and its grant stored for the brand,
 * owner_kind 'mailbox'), reconnects it (the same Microsoft user: the same grant and mailbox row),
 * disconnects it, makes it the default and assigns users with the IMAP accounts' rights. Staff see
 * the mailboxes assigned to them, toggle them in their selection (SPEC point 4, stored disabled
 * list) and ask for a sync, which is queued as the `microsoft-mail-sync` task (./syncTask.ts). Each
 * mailbox's mail is a Graph mail account of the mail engine, made, given users and removed here (./mailLink.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toggleAllDisabled, toggleOneDisabled } from '../../core/google/constants';
import { MICROSOFT_ADMIN_GATE, MICROSOFT_GATE, MICROSOFT_SCOPES, MICROSOFT_SYNC_TASK } from '../../core/microsoft/constants';
import { microsoftMessages } from '../../core/microsoft/messages';
import { STAFF } from '../../core/access/roles';
import { requestAccountingTask } from '../accounting/queue/workers';
import { AppError, invalidField, notFound } from '../envelope/errors';
import { idSchema } from '../http/bodyShapes';
import { action } from '../http/route';
import { beginConnect, completeConnect, OAuthStateError } from '../integrations/oauth/connect';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { disconnect } from '../integrations/oauth/grants';
import { microsoftEndpoints, providersAreSandbox } from '../integrations/providerConfig';
import { accountDetails, asOAuth, graphMe, grantOf, listAccounts, microsoftDb, type MicrosoftDb } from './accounts';
import { linkMailAccount, mirrorUsers, unlinkMailAccount } from './mailLink';
import { accountData, accountList, detailsData } from './wireSchemas';
// Registers the microsoft-mail-sync task (the Graph mail sync of the mailbox) on the accounting queue.
import './syncTask';

const key = 'microsoftaccounts';

/** The SPA page Microsoft returns to, on the origin the request came to (registered with Microsoft per domain). */
const redirectUri = (req: FastifyRequest) => `${req.protocol}://${req.host}/microsoft-connect`;

export const loginRequired = () =>
  new AppError({ code: 'MICROSOFT_AUTH', status: 409, primary: String((microsoftMessages['en-US'].microsoft as Record<string, unknown>).loginRequired) });

const msaParams = { type: 'object', properties: { msa_id: idSchema() }, required: ['msa_id'] };

/** The mailbox as the asking user may see it, or 404 (another brand's, or not assigned to a non-admin). */
async function visibleAccount(req: FastifyRequest, msaId: number) {
  const [account] = await listAccounts(microsoftDb(req), req.user!, msaId);
  if (!account) throw notFound();
  return account;
}

/** Makes `msaId` the brand's one default mailbox. */
async function setDefault(db: MicrosoftDb, msaId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('microsoft_accounts').set({ is_default: false }).where('is_default', '=', true).where('msa_id', '!=', msaId).execute();
    await trx.updateTable('microsoft_accounts').set({ is_default: true }).where('msa_id', '=', msaId).execute();
  });
}

interface AssignRow {
  us_id: number;
  can_send?: boolean;
  can_delete?: boolean;
}

export function registerMicrosoftAccountRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/microsoftaccounts/list',
      key,
      gate: MICROSOFT_GATE,
      data: accountList,
      summary: 'The Microsoft mailboxes related to the signed-in user (admins: all of the brand’s)',
    },
    async (req) => ({ data: await listAccounts(microsoftDb(req), req.user!) }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/microsoftaccounts/status',
      key,
      gate: MICROSOFT_GATE,
      data: { type: 'object', properties: { sandbox: { type: 'boolean' }, configured: { type: 'boolean' } } },
      summary: 'Whether Microsoft is configured here, and whether it is the local sandbox',
    },
    async () => ({ data: { sandbox: providersAreSandbox(), configured: microsoftEndpoints().clientId !== null } }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/microsoftaccounts/loginUrl',
      key,
      gate: MICROSOFT_ADMIN_GATE,
      data: { type: 'object', properties: { url: { type: 'string' } } },
      summary: 'Begin connecting (or reconnecting) a Microsoft mailbox: the authorize URL to open',
    },
    async (req) => {
      if (microsoftEndpoints().clientId === null) throw loginRequired();
      const url = await beginConnect(asOAuth(microsoftDb(req)), {
        provider: 'microsoft',
        ownerKind: 'mailbox',
        ownerId: 0,
        userId: req.user!.us_id,
        redirectUri: redirectUri(req),
        returnTo: '/microsoft/dashboard',
        scopes: MICROSOFT_SCOPES,
        // Let the user pick the mailbox each time (Microsoft would otherwise reuse the signed-in one).
        extraParams: { prompt: 'select_account' },
      });
      return { data: { url } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/microsoftaccounts/connect',
      key,
      gate: MICROSOFT_ADMIN_GATE,
      body: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            minLength: 1,
            maxLength: 4000,
            'x-message': 'connect.missingMicrosoftCode',
            'x-required-message': 'connect.missingMicrosoftCode',
          },
          state: { type: 'string', minLength: 1, maxLength: 500 },
        },
        required: ['code', 'state'],
        additionalProperties: false,
      },
      data: accountData,
      change: true,
      summary: 'Complete connecting a Microsoft mailbox with the code and state Microsoft sent back',
    },
    async (req) => {
      const { code, state } = req.body as { code: string; state: string };
      const db = microsoftDb(req);
      let ogId: number;
      let address: string;
      let displayName: string | null;
      try {
        const { grant } = await completeConnect(asOAuth(db), {
          state,
          code,
          redirectUri: redirectUri(req),
          userId: req.user!.us_id,
          identify: async ({ accessToken }) => {
            const me = await graphMe(accessToken);
            return { externalId: me.id, email: me.mail ?? me.userPrincipalName, displayName: me.displayName };
          },
        });
        ogId = grant.og_id;
        address = grant.email ?? '';
        displayName = grant.display_name;
      } catch (error) {
        if (error instanceof OAuthStateError) throw invalidField('state', 'connect.badState');
        if (error instanceof OAuthRefusedError) throw loginRequired();
        throw error;
      }
      // A reconnect (the same Microsoft user) keeps the mailbox, its users and its mail; it clears the last error.
      const row = await db
        .insertInto('microsoft_accounts')
        .values({ og_id: ogId, msa_email: address, display_name: displayName })
        .onConflict((oc) => oc.column('og_id').doUpdateSet({ msa_email: address, display_name: displayName, last_error: null }))
        .returning('msa_id')
        .executeTakeFirstOrThrow();
      const hasDefault = await db.selectFrom('microsoft_accounts').select('msa_id').where('is_default', '=', true).executeTakeFirst();
      if (!hasDefault) await setDefault(db, row.msa_id);
      // Its mail: the Graph mail account of the mailbox, with the mailbox's users (./mailLink.ts).
      await linkMailAccount(db, row.msa_id);
      return { data: await visibleAccount(req, row.msa_id) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/microsoftaccounts/:msa_id',
      key,
      gate: MICROSOFT_ADMIN_GATE,
      params: msaParams,
      data: accountList,
      change: true,
      summary: 'Disconnect a Microsoft mailbox (its grant forgotten; another mailbox becomes the default)',
    },
    async (req) => {
      const { msa_id } = req.params as { msa_id: number };
      const account = await visibleAccount(req, msa_id);
      const db = microsoftDb(req);
      const ogId = (await grantOf(db, msa_id))!;
      await disconnect(asOAuth(db), ogId);
      // Its mail account goes with its mail, or stays disabled while a mail of it is linked to a job.
      await unlinkMailAccount(db, msa_id);
      await db.deleteFrom('microsoft_accounts').where('msa_id', '=', msa_id).execute();
      if (account.is_default) {
        const next = await db.selectFrom('microsoft_accounts').select('msa_id').orderBy('msa_id').executeTakeFirst();
        if (next) await setDefault(db, next.msa_id);
      }
      return { data: await listAccounts(db, req.user!) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/microsoftaccounts/:msa_id/default',
      key,
      gate: MICROSOFT_ADMIN_GATE,
      params: msaParams,
      data: accountList,
      change: true,
      summary: 'Make a Microsoft mailbox the brand’s default',
    },
    async (req) => {
      const { msa_id } = req.params as { msa_id: number };
      await visibleAccount(req, msa_id);
      await setDefault(microsoftDb(req), msa_id);
      return { data: await listAccounts(microsoftDb(req), req.user!) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/microsoftaccounts/:msa_id/assignusers',
      key,
      gate: MICROSOFT_ADMIN_GATE,
      params: msaParams,
      body: {
        type: 'object',
        properties: {
          _bulk: {
            type: 'array',
            maxItems: 1000,
            items: {
              type: 'object',
              properties: { us_id: idSchema(), can_send: { type: 'boolean' }, can_delete: { type: 'boolean' } },
              required: ['us_id'],
              additionalProperties: false,
            },
          },
        },
        required: ['_bulk'],
        additionalProperties: false,
      },
      data: accountData,
      change: true,
      summary: 'Set who may use a Microsoft mailbox, with the IMAP accounts’ rights (can send, can delete); users left out lose it',
    },
    async (req) => {
      const { msa_id } = req.params as { msa_id: number };
      const rows = (req.body as { _bulk: AssignRow[] })._bulk;
      await visibleAccount(req, msa_id);
      const db = microsoftDb(req);
      const ids = [...new Set(rows.map((r) => r.us_id))];
      const staff = ids.length
        ? new Set(
            (
              await db
                .selectFrom('users')
                .select('us_id')
                .where('us_id', 'in', ids)
                .where('role', 'in', [...STAFF])
                .execute()
            ).map((u) => u.us_id),
          )
        : new Set<number>();
      // Only this brand's staff: another brand's user id, a customer or an engineer is refused by its place in the list.
      const wrong = rows.findIndex((r) => !staff.has(r.us_id));
      if (wrong >= 0) throw invalidField(`_bulk.${wrong}.us_id`, 'validation.value');
      if (ids.length !== rows.length) throw invalidField('_bulk', 'validation.value');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('microsoft_account_users').where('msa_id', '=', msa_id).execute();
        if (rows.length)
          await trx
            .insertInto('microsoft_account_users')
            .values(rows.map((r) => ({ msa_id, us_id: r.us_id, can_send: r.can_send ?? true, can_delete: r.can_delete ?? false })))
            .execute();
      });
      await mirrorUsers(db, msa_id);
      return { data: await visibleAccount(req, msa_id) };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/microsoftaccounts/:msa_id/details',
      key,
      gate: MICROSOFT_GATE,
      params: msaParams,
      data: detailsData,
      summary: 'A Microsoft mailbox: its folders with counts and sync state, assigned users, token health',
    },
    async (req) => {
      const { msa_id } = req.params as { msa_id: number };
      const details = await accountDetails(microsoftDb(req), req.user!, msa_id);
      if (!details) throw notFound();
      return { data: details };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/microsoftaccounts/:msa_id/sync',
      key,
      gate: MICROSOFT_GATE,
      params: msaParams,
      data: accountData,
      status: 202,
      summary: 'Queue a sync of a Microsoft mailbox’s mail (pg-boss task microsoft-mail-sync)',
    },
    async (req) => {
      const { msa_id } = req.params as { msa_id: number };
      const account = await visibleAccount(req, msa_id);
      if (account.status === 'reconnect_needed') throw loginRequired();
      const db = microsoftDb(req);
      if (account.status === 'connected') {
        await db.updateTable('microsoft_accounts').set({ sync_state: 'queued', sync_progress: null }).where('msa_id', '=', msa_id).execute();
        await requestAccountingTask(req, MICROSOFT_SYNC_TASK, { msa_id, singleton: String(msa_id) });
      }
      return { data: await visibleAccount(req, msa_id) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/microsoftaccounts/selection',
      key,
      gate: MICROSOFT_GATE,
      body: {
        type: 'object',
        properties: { msa_id: idSchema(), all: { type: 'boolean', const: true }, selected: { type: 'boolean' } },
        additionalProperties: false,
      },
      data: accountList,
      summary:
        'Toggle one mailbox in or out of the selection, or toggle all (all selected: none; otherwise all); with `selected`, set one mailbox (the mail client’s switch)',
    },
    async (req) => {
      const body = (req.body ?? {}) as { msa_id?: number; all?: true; selected?: boolean };
      if ((body.msa_id === undefined) === (body.all === undefined)) throw invalidField('msa_id', 'validation.required');
      if (body.all && body.selected !== undefined) throw invalidField('selected', 'validation.value');
      const db = microsoftDb(req);
      const usId = req.user!.us_id;
      const accounts = await listAccounts(db, req.user!);
      const ids = accounts.map((a) => a.msa_id);
      const disabled = accounts.filter((a) => !a.microsoft_account_selected).map((a) => a.msa_id);
      if (body.msa_id !== undefined && !ids.includes(body.msa_id)) throw notFound();
      const next = body.all
        ? toggleAllDisabled(ids, disabled)
        : body.selected === undefined
          ? toggleOneDisabled(body.msa_id!, disabled)
          : [...disabled.filter((id) => id !== body.msa_id), ...(body.selected ? [] : [body.msa_id!])];
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('microsoft_account_disabled').where('us_id', '=', usId).execute();
        if (next.length)
          await trx
            .insertInto('microsoft_account_disabled')
            .values(next.map((msa_id) => ({ us_id: usId, msa_id })))
            .execute();
      });
      return { data: await listAccounts(db, req.user!) };
    },
  );
}
