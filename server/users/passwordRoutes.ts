/**
 * POST users/changePassword: the signed-in user changes their own password (SPEC.md point 5).
 * The old password comes hashed like login's; the new one as typed, twice.
 */
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../core/access/roles';
import { enText } from '../../core/i18n/en-US';
import { verifyPassword } from '../auth/password';
import { countRecent, record, WINDOW_MINUTES } from '../auth/rateLimit';
import type { RootDb } from '../db/types';
import { rateLimited, validationError } from '../envelope/errors';
import { objectBody } from '../http/bodySchema';
import { action } from '../http/route';
import { adminDb } from './tables';
import { passwordHashOf } from './writeRoutes';

/** The password block is for everyone who has settings except Customer (SPEC.md point 6). */
export const PASSWORD_GATE = { roles: [...STAFF, 'Engineer', 'Sales'] as const };

// Anything but text reads as missing. The new password's rules (max 100, not a common one) are
// checked after the old password, so a wrong old password is answered first and counted.
const typed = (description: string) => ({ type: 'string', description, 'x-message': 'validation.required' });
const body = objectBody(
  {
    old_password: typed('Lowercase hex SHA-256 of the old password, as login sends it'),
    new_password: typed('As typed: at most 100 characters, not a common password'),
    new_password_again: typed('The new password again'),
  },
  ['old_password', 'new_password', 'new_password_again'],
);

/** Wrong old passwords a user may send in WINDOW_MINUTES before the call answers 429: a stolen session cannot guess the password. */
export const CHANGE_PASSWORD_MAX = 5;

export function registerChangePasswordRoute(app: FastifyInstance, root: RootDb): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/users/changePassword',
      key: 'users',
      gate: { roles: PASSWORD_GATE.roles },
      change: true,
      summary: 'Change my own password; my other sessions end',
      body,
      data: { type: 'null' },
    },
    async (req) => {
      const input = req.body as Record<'old_password' | 'new_password' | 'new_password_again', string>;
      if (input.new_password !== input.new_password_again)
        throw validationError([{ field: 'new_password_again', message: enText('validation.passwordMismatch') }]);
      const db = adminDb(req.db);
      const limitKey = `chpw:${req.brand!.schema}:${req.user!.us_id}`;
      if (((await countRecent(root, [limitKey], WINDOW_MINUTES)).get(limitKey) ?? 0) >= CHANGE_PASSWORD_MAX) throw rateLimited();
      const me = await db.selectFrom('users').select('password_hash').where('us_id', '=', req.user!.us_id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(me.password_hash, String(input.old_password)))) {
        await record(root, [limitKey]);
        throw validationError([{ field: 'old_password', message: enText('validation.oldPassword') }]);
      }
      const password_hash = await passwordHashOf(input, 'new_password');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash }).where('us_id', '=', req.user!.us_id).execute();
        await trx
          .deleteFrom('sessions')
          .where('us_id', '=', req.user!.us_id)
          .where('token_hash', '!=', req.sessionTokenHash ?? '')
          .execute();
      });
      return { data: null };
    },
  );
}
