/**
 * GET and PATCH /api/usersettings/preferences: the signed-in user's settings (SPEC.md point 3) as
 * one key-value object, defaults filled in. A PATCH changes only the keys it names.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { enText } from '../../core/i18n/en-US';
import { DEFAULT_SETTINGS, validateSettingsPatch } from '../../core/usersettings/userSettings';
import { requireLogin } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { validationError } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { asObject } from '../http/objects';

const settingsSchema = { type: 'object', additionalProperties: true };
const config = { envelopeKey: 'usersettings', gate: { roles: ['ANY'] } } as const;

export function registerUserSettingsRoutes(app: FastifyInstance): void {
  app.get(
    '/api/usersettings/preferences',
    {
      config,
      preHandler: requireLogin,
      schema: { tags: ['usersettings'], summary: "The signed-in user's settings, defaults filled in", response: responses('usersettings', settingsSchema) },
    },
    async (req, reply) => sendOk(req, reply, { ...DEFAULT_SETTINGS, ...req.user!.settings }),
  );

  app.patch(
    '/api/usersettings/preferences',
    {
      config,
      preHandler: requireLogin,
      schema: {
        tags: ['usersettings'],
        summary: 'Change some settings: a key-value object of the keys to change',
        body: { type: 'object', additionalProperties: true },
        response: responses('usersettings', settingsSchema),
      },
    },
    async (req, reply) => {
      const patch = asObject(req.body);
      const errors = validateSettingsPatch(patch);
      if (errors.length) throw validationError(errors.map((e) => ({ field: e.field, message: enText(e.message) })));
      // jsonb || merges in one statement, so two tabs changing different keys never lose each other's change.
      const row = await req
        .db!.updateTable('users')
        .set({ settings: sql`coalesce(settings, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
        .where('us_id', '=', req.user!.us_id)
        .returning('settings')
        .executeTakeFirstOrThrow();
      return sendOk(req, reply, { ...DEFAULT_SETTINGS, ...(row.settings as Record<string, unknown>) });
    },
  );
}
