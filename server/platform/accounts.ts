/**
 * Brands stay apart for every role: a Developer or Sales user acts on their own brand only. Acting
 * across brands (the list of every brand, another brand's site or configuration, SQL batches over
 * several schemas, every brand's error logs) needs a platform account: a row in
 * `global.platform_accounts` naming the brand and the user, which only the deployment's operator
 * writes (`npm run platform`, server/platform/cli.ts). Nobody else may change that user, so no
 * brand admin can make or become one (server/users/rules.ts).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type QueryExecutorProvider } from 'kysely';
import { forbidden } from '../envelope/errors';

/** Any Kysely instance will do, a brand-bound one included: the table is named with its schema. */
export async function isPlatformAccount(db: QueryExecutorProvider, s_id: number, us_id: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists(select 1 from global.platform_accounts where s_id = ${s_id} and us_id = ${us_id}) as found`.execute(db);
  return rows[0].found;
}

const asked = new WeakMap<FastifyRequest, Promise<boolean>>();

/** Whether the signed-in user of this request holds a platform account (looked up once a request). */
export function actsAcrossBrands(req: FastifyRequest): Promise<boolean> {
  let answer = asked.get(req);
  if (!answer) {
    answer = req.user && req.brand ? isPlatformAccount(req.db!, req.brand.s_id, req.user.us_id) : Promise.resolve(false);
    asked.set(req, answer);
  }
  return answer;
}

/** 403 `brand` unless the user holds a platform account. */
export async function requireAcrossBrands(req: FastifyRequest): Promise<void> {
  if (!(await actsAcrossBrands(req))) throw forbidden('brand');
}

/** 403 `brand` when `s_id` is another brand than the request's and the user holds no platform account. */
export async function requireBrandOrPlatform(req: FastifyRequest, s_id: number): Promise<void> {
  if (s_id !== req.brand!.s_id) await requireAcrossBrands(req);
}

/** A preHandler for routes whose every use crosses brands. */
export const acrossBrandsOnly = async (req: FastifyRequest): Promise<void> => requireAcrossBrands(req);
