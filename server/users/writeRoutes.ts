/**
 * Changing users (SPEC.md point 7): addUser, updateUser, deleteUser (only with auth.userDelete),
 * setIsHiddenStatus and setPassword. Admin and Developer only; an Admin never touches a Developer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enText } from '../../core/i18n/en-US';
import { users } from '../../core/users/usersResource';
import { hashPassword, sha256Hex } from '../auth/password';
import { checkTypedPassword } from '../auth/passwordPolicy';
import { conflict, invalidField } from '../envelope/errors';
import { cleanWriteBody } from '../resources/body';
import type { JsonSchema } from '../envelope/schemas';
import { objectBody } from '../http/bodySchema';
import { boolSchema, idSchema } from '../http/bodyShapes';
import { asObject } from '../http/objects';
import { resourceInfo, writeBodySchema } from '../resources/fields';
import { detailsSchema, userDetails } from './readRoutes';
import { action } from '../http/route';
import { checkRoleGiven, idOf, keepAnAdmin, loadTarget } from './rules';
import { adminDb } from './tables';

const info = resourceInfo(users);
const key = 'users';
const gate = users.gate;

/** A new password as typed: required, 8 to 100 characters, not a common one; stored as login expects it. */
export async function passwordHashOf(body: Record<string, unknown>, field: string): Promise<string> {
  const typed = body[field];
  if (typed === undefined || typed === null) throw invalidField(field, 'validation.required');
  if (typeof typed !== 'string') throw invalidField(field);
  if (typed.length > 100) throw invalidField(field, 'validation.max100');
  checkTypedPassword(typed, field);
  return hashPassword(sha256Hex(typed));
}

const fullnameOf = (first: unknown, last: unknown) => [first, last].filter((p) => typeof p === 'string' && p).join(' ') || null;

function withEmailLowered(values: Record<string, unknown>): Record<string, unknown> {
  return typeof values.email === 'string' ? { ...values, email: values.email.toLowerCase() } : values;
}

/** The user fields' body with the us_id the handler reads itself (idOf: its digits as text too). */
const withUsId = (schema: Record<string, unknown>) => {
  const s = schema as { properties: Record<string, unknown> };
  return { ...s, properties: { us_id: { description: 'the user (required): an id, or its digits as text' }, ...s.properties } };
};

/** `{ us_id, ...properties }` of the actions on one user; a bad us_id is 'Invalid value'. */
const usIdBody = (properties: Record<string, JsonSchema> = {}, required: string[] = []) =>
  objectBody({ us_id: idSchema('validation.value'), ...properties }, ['us_id', ...required]);

function split(req: FastifyRequest, ...names: string[]) {
  const body = asObject(req.body);
  const picked: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) (names.includes(k) ? picked : rest)[k] = v;
  return { picked, rest };
}

export function registerUserWriteRoutes(app: FastifyInstance): void {
  const record = detailsSchema;
  // Its absence and strength are passwordHashOf's to answer, after the fields' own checks.
  const passwordProp = { password: { type: 'string', maxLength: 100, description: 'As typed (required); stored like login expects it' } };
  const base = writeBodySchema(info, 'create') as { properties: Record<string, unknown>; required: string[] };
  const createBody = { ...base, properties: { ...base.properties, ...passwordProp } };

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/addUser',
      key,
      gate,
      change: true,
      status: 201,
      summary: 'Create a user with a password',
      body: createBody,
      data: record,
    },
    async (req) => {
      const { picked, rest } = split(req, 'password');
      const values = withEmailLowered(cleanWriteBody(info, rest, 'create'));
      checkRoleGiven(req, values.role);
      const password_hash = await passwordHashOf(picked, 'password');
      const db = adminDb(req.db);
      const row = await db
        .insertInto('users')
        .values({
          email: values.email as string,
          role: values.role as string,
          firstname: values.firstname as string,
          surname: values.surname as string,
          nickname: (values.nickname as string | null | undefined) ?? null,
          fullname: fullnameOf(values.firstname, values.surname),
          password_hash,
          settings: '{}',
        })
        .returning('us_id')
        .executeTakeFirstOrThrow();
      return { data: await userDetails(db, row.us_id) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/updateUser',
      key,
      gate,
      change: true,
      summary: 'Change the given fields of a user',
      body: withUsId(writeBodySchema(info, 'update')),
      data: record,
    },
    async (req) => {
      const { picked, rest } = split(req, 'us_id');
      const usId = idOf(picked, 'us_id');
      const values = withEmailLowered(cleanWriteBody(info, rest, 'update'));
      const db = adminDb(req.db);
      await db.transaction().execute(async (trx) => {
        const target = await loadTarget(req, trx, usId);
        if (values.role !== undefined && values.role !== target.role) {
          checkRoleGiven(req, values.role);
          await keepAnAdmin(trx, target);
        }
        if (!Object.keys(values).length) return;
        const current = await trx.selectFrom('users').select(['firstname', 'surname']).where('us_id', '=', usId).executeTakeFirstOrThrow();
        const next = { ...current, ...values };
        await trx
          .updateTable('users')
          .set({ ...values, fullname: fullnameOf(next.firstname, next.surname) })
          .where('us_id', '=', usId)
          .execute();
      });
      return { data: await userDetails(db, usId) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/deleteUser',
      key,
      gate: { ...gate, requiredFeatures: ['auth.userDelete'] },
      change: true,
      summary: 'Delete a user',
      body: usIdBody(),
      data: record,
    },
    async (req) => {
      const usId = (req.body as { us_id: number }).us_id;
      if (usId === req.user!.us_id) throw conflict(enText('errors.selfDelete'));
      const db = adminDb(req.db);
      const before = await userDetails(db, usId);
      try {
        await db.transaction().execute(async (trx) => {
          const target = await loadTarget(req, trx, usId);
          await keepAnAdmin(trx, target);
          await trx.deleteFrom('users').where('us_id', '=', usId).execute();
        });
      } catch (err) {
        // Another record (a job, a mail account link) still names this user.
        if ((err as { code?: unknown }).code === '23503') throw conflict(enText('errors.inUse'));
        throw err;
      }
      return { data: before };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/setIsHiddenStatus',
      key,
      gate,
      change: true,
      summary: 'Hide or unhide a user',
      body: usIdBody({ is_hidden: boolSchema() }, ['is_hidden']),
      data: record,
    },
    async (req) => {
      const body = req.body as { us_id: number; is_hidden: boolean };
      const usId = body.us_id;
      const db = adminDb(req.db);
      await loadTarget(req, db, usId);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ is_hidden: body.is_hidden as boolean })
          .where('us_id', '=', usId)
          .execute();
        // A hidden user cannot sign in, and their open sessions end now (the sessions cache of this
        // process is dropped once this answer is sent: server/auth/sessionHook.ts).
        if (body.is_hidden === true) await trx.deleteFrom('sessions').where('us_id', '=', usId).execute();
      });
      return { data: await userDetails(db, usId) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/setPassword',
      key,
      gate,
      change: true,
      summary: "Set a user's password (as typed); their other sessions end",
      body: usIdBody(passwordProp, ['password']),
      data: { type: 'null' },
    },
    async (req) => {
      const body = req.body as { us_id: number; password: string };
      const usId = body.us_id;
      const db = adminDb(req.db);
      await loadTarget(req, db, usId);
      const password_hash = await passwordHashOf(body, 'password');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash }).where('us_id', '=', usId).execute();
        // A reset password means whoever held the old one must not stay signed in.
        await trx
          .deleteFrom('sessions')
          .where('us_id', '=', usId)
          .where('token_hash', '!=', req.sessionTokenHash ?? '')
          .execute();
      });
      return { data: null };
    },
  );
}
