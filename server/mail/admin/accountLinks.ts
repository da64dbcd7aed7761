/**
 * Who works with an account and under which addresses: the user links (default / can send / can
 * delete, SPEC.md point 6) and the aliases (exactly one default). Both lists are replaced as a
 * whole in one transaction, and only on a saved account (404 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../../core/access/roles';
import { mailAdminText } from '../../../core/mail/admin/messages';
import { notFound, validationError } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { mailDb } from '../tables';
import { accountAliases, accountUsers, lockAccount } from './accountQueries';
import { paramId } from './accounts';
import { MAIL_ADMIN_GATE as gate } from './gate';
import { bool, boolValue, email, emailValue, Fields, id, idValue, ignored, refuseUnknown, text, textValue } from './parse';

const key = 'mailaccounts';

/**
 * `{ _bulk: [row] }`, the whole new list. Failures inside a row are named `_bulk.<i>.<field>` as the
 * handler named them; an unknown property of a row stays the handler's check (it names it alone).
 */
const bulkBody = (row: Record<string, JsonSchema>, required: string[]): JsonSchema =>
  objectBody({ _bulk: { type: 'array', items: objectBody(row, required) } }, ['_bulk']);

const USER_ROW = {
  us_id: idValue(),
  maxu_default: boolValue(),
  maxu_user_can_send: boolValue(),
  maxu_user_can_delete: boolValue(),
  ...ignored(['email', 'fullname', 'role']),
};
const ALIAS_ROW = { mal_email: emailValue(), mal_name: textValue(), mal_is_default: boolValue(), ...ignored(['mal_id']) };

function bulkOf(body: Record<string, unknown>, f: Fields): Record<string, unknown>[] {
  const rows = body._bulk;
  if (!Array.isArray(rows)) {
    f.add('_bulk', rows === undefined || rows === null ? 'required' : 'value');
    f.throwIfAny();
  }
  return (rows as unknown[]).map((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) f.add(`_bulk.${i}`, 'value');
    return (r ?? {}) as Record<string, unknown>;
  });
}

export function registerAccountLinkRoutes(app: FastifyInstance): void {
  const base = '/api/mailaccounts/:id';

  action(
    app,
    {
      method: 'POST',
      url: `${base}/assignusers`,
      key,
      gate,
      params: idParams,
      change: true,
      body: bulkBody(USER_ROW, ['us_id']),
      summary: "Replace the account's users (office staff only); a user's default account is unique to them",
    },
    async (req) => {
      const f = new Fields();
      const rows = bulkOf(asObject(req.body), f).map((r, i) => {
        refuseUnknown(f, r, ['us_id', 'maxu_default', 'maxu_user_can_send', 'maxu_user_can_delete', 'email', 'fullname', 'role']);
        return {
          us_id: id(f, `_bulk.${i}.us_id`, r.us_id, true) as number,
          maxu_default: bool(f, `_bulk.${i}.maxu_default`, r.maxu_default) ?? false,
          maxu_user_can_send: bool(f, `_bulk.${i}.maxu_user_can_send`, r.maxu_user_can_send) ?? true,
          maxu_user_can_delete: bool(f, `_bulk.${i}.maxu_user_can_delete`, r.maxu_user_can_delete) ?? false,
        };
      });
      rows.forEach((r, i) => {
        if (rows.findIndex((o) => o.us_id === r.us_id) !== i) f.add(`_bulk.${i}.us_id`, 'value');
      });
      f.throwIfAny();
      const accountId = paramId(req);
      const data = await mailDb(req.db)
        .transaction()
        .execute(async (trx) => {
          await lockAccount(trx, accountId);
          if (rows.length) {
            const users = await trx
              .selectFrom('users')
              .select(['us_id', 'role'])
              .where(
                'us_id',
                'in',
                rows.map((r) => r.us_id),
              )
              .execute();
            const staff = new Set(users.filter((u) => (STAFF as readonly string[]).includes(u.role)).map((u) => u.us_id));
            const bad = rows.map((r, i) => ({ r, i })).filter(({ r }) => !staff.has(r.us_id));
            if (bad.length) throw validationError(bad.map(({ i }) => ({ field: `_bulk.${i}.us_id`, message: mailAdminText('errors.staffOnly') })));
          }
          await trx.deleteFrom('mailaccount_users').where('mailaccount_id', '=', accountId).execute();
          const defaults = rows.filter((r) => r.maxu_default).map((r) => r.us_id);
          // One default account per user: this one takes over from their others.
          if (defaults.length) await trx.updateTable('mailaccount_users').set({ maxu_default: false }).where('us_id', 'in', defaults).execute();
          if (rows.length)
            await trx
              .insertInto('mailaccount_users')
              .values(rows.map((r) => ({ ...r, mailaccount_id: accountId })))
              .execute();
          return accountUsers(trx, accountId);
        });
      return { data };
    },
  );

  for (const [name, column] of [
    ['setCanSend', 'maxu_user_can_send'],
    ['setCanDelete', 'maxu_user_can_delete'],
  ] as const) {
    action(
      app,
      {
        method: 'POST',
        url: `${base}/${name}`,
        key,
        gate,
        params: idParams,
        change: true,
        body: objectBody({ us_id: idValue(), value: boolValue() }, ['us_id', 'value']),
        summary: `Set ${column} of one user linked to the account`,
      },
      async (req) => {
        const body = asObject(req.body);
        const f = new Fields();
        const usId = id(f, 'us_id', body.us_id, true);
        const value = bool(f, 'value', body.value, true);
        f.throwIfAny();
        const row = await mailDb(req.db)
          .updateTable('mailaccount_users')
          .set({ [column]: value! })
          .where('mailaccount_id', '=', paramId(req))
          .where('us_id', '=', usId!)
          .returning(['mailaccount_id', 'us_id', 'maxu_default', 'maxu_user_can_send', 'maxu_user_can_delete'])
          .executeTakeFirst();
        if (!row) throw notFound();
        return { data: row };
      },
    );
  }

  action(
    app,
    {
      method: 'POST',
      url: `${base}/updatealiaslist`,
      key,
      gate,
      params: idParams,
      change: true,
      body: bulkBody(ALIAS_ROW, ['mal_email']),
      summary: "Replace the account's aliases; exactly one is the default",
    },
    async (req) => {
      const f = new Fields();
      const rows = bulkOf(asObject(req.body), f).map((r, i) => {
        refuseUnknown(f, r, ['mal_id', 'mal_email', 'mal_name', 'mal_is_default']);
        return {
          mal_email: email(f, `_bulk.${i}.mal_email`, r.mal_email, { required: true, create: true }) as string,
          mal_name: text(f, `_bulk.${i}.mal_name`, r.mal_name) ?? null,
          mal_is_default: bool(f, `_bulk.${i}.mal_is_default`, r.mal_is_default) ?? false,
        };
      });
      f.throwIfAny();
      if (rows.length && rows.filter((r) => r.mal_is_default).length !== 1)
        throw validationError([{ field: '_bulk', message: mailAdminText('errors.oneDefaultAlias') }]);
      const accountId = paramId(req);
      const data = await mailDb(req.db)
        .transaction()
        .execute(async (trx) => {
          await lockAccount(trx, accountId);
          await trx.deleteFrom('mailaliases').where('mailaccount_id', '=', accountId).execute();
          if (rows.length)
            await trx
              .insertInto('mailaliases')
              .values(rows.map((r) => ({ ...r, mailaccount_id: accountId })))
              .execute();
          return accountAliases(trx, accountId);
        });
      return { data };
    },
  );
}
