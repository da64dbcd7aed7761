/**
 * The rules of user administration that the browser cannot be trusted with: who may give which
 * role, who may touch whom, and that the brand always keeps an admin (SPEC.md point 6).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { enText } from '../../core/i18n/en-US';
import { isRole, type Role } from '../../core/access/roles';
import { changeableRoles } from '../globalparams/roles';
import { AppError, forbidden, invalidField, notFound } from '../envelope/errors';
import type { AdminDb } from './tables';
import { isPlatformAccount } from '../platform/accounts';

export const lastAdmin = () => new AppError({ code: 'CONFLICT', status: 409, primary: enText('errors.lastAdmin') });

function parseId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2147483647 ? n : null;
}

/** A positive integer id from a body field, or 400 naming the field. */
export function idOf(body: Record<string, unknown>, field: string): number {
  const value = body[field];
  if (value === undefined || value === null) throw invalidField(field, 'validation.required');
  const id = parseId(value);
  if (id === null) throw invalidField(field);
  return id;
}

export interface Target {
  us_id: number;
  role: string;
  email: string;
}

/**
 * The user an action is about, in this brand only (the brand-bound instance cannot see another
 * brand's schema). An Admin may not touch a Developer: that role is above the ones they can give;
 * nobody may touch another user's platform account (server/platform/accounts.ts).
 */
export async function loadTarget(req: FastifyRequest, db: AdminDb, usId: number): Promise<Target> {
  const target = await db.selectFrom('users').select(['us_id', 'role', 'email']).where('us_id', '=', usId).executeTakeFirst();
  if (!target) throw notFound();
  const mine = changeableRoles(req.user!.role);
  if (isRole(target.role) && !mine.includes(target.role) && target.role !== req.user!.role) throw forbidden('role');
  // A platform account acts across brands: nobody but its holder may change it (or take it over).
  if (target.us_id !== req.user!.us_id && (await isPlatformAccount(db, req.brand!.s_id, target.us_id))) throw forbidden('brand');
  return target;
}

/** The role a request asks to give, checked against the roles the server lists as changeable. */
export function checkRoleGiven(req: FastifyRequest, role: unknown): Role {
  if (!isRole(role) || !changeableRoles(req.user!.role).includes(role)) throw invalidField('role');
  return role;
}

/**
 * Inside a transaction: refuses when the target is the only Admin. The Admin rows are locked, so
 * two admins demoting each other at the same moment cannot both succeed.
 */
export async function keepAnAdmin(trx: AdminDb, target: Target): Promise<void> {
  if (target.role !== 'Admin') return;
  const admins = await trx.selectFrom('users').select('us_id').where('role', '=', 'Admin').forUpdate().execute();
  if (admins.filter((a) => a.us_id !== target.us_id).length === 0) throw lastAdmin();
}

/** Whether a brand table exists yet (reference tables arrive with their own migration). */
export async function tableExists(db: AdminDb, schema: string, table: string): Promise<boolean> {
  const row = await sql<{ t: string | null }>`select to_regclass(${`${schema}.${table}`}) as t`.execute(db);
  return !!row.rows[0]?.t;
}
