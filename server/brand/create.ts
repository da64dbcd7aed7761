/**
 * Creates a brand: its site row, its schema `site_<s_id>` (migrated with the brand migrations)
 * and its primary domain. Used by the seed, the tests, the bench and later the dev site screens.
 */
import { sql } from 'kysely';
import { migrateBrand } from '../db/migrations/migrate';
import { brandSchemaName, globalDb, type RootDb } from '../db/types';

export interface CreateBrandInput {
  name: string;
  /** Primary domain (Host name without port), e.g. 'localhost'. */
  domain: string;
  productName?: string | null;
  logoUrl?: string | null;
  wcfFormUrl?: string | null;
  description?: string | null;
  /** BrandConfig minus the parts that come from the columns above (name, productName, logo/form URL). */
  config: Record<string, unknown>;
  /** Per-domain overrides, deep-merged over the config. */
  domainConfig?: Record<string, unknown>;
  aliases?: string[];
}

export interface CreatedBrand {
  s_id: number;
  d_id: number;
  schema: string;
}

export async function createBrand(root: RootDb, input: CreateBrandInput): Promise<CreatedBrand> {
  const g = globalDb(root);
  const { dbName } = (await sql<{ dbName: string }>`select current_database() as "dbName"`.execute(root)).rows[0];
  const site = await g
    .insertInto('sites')
    .values({
      name: input.name,
      db_name: dbName,
      product_name: input.productName ?? input.name,
      logo_url: input.logoUrl ?? null,
      wcf_form_url: input.wcfFormUrl ?? null,
      description: input.description ?? null,
      config: JSON.stringify(input.config),
    })
    .returning('s_id')
    .executeTakeFirstOrThrow();
  const schema = brandSchemaName(site.s_id);
  try {
    await g.updateTable('sites').set({ schema_name: schema }).where('s_id', '=', site.s_id).execute();
    await migrateBrand(root, schema);
    const domain = await g
      .insertInto('domains')
      .values({ s_id: site.s_id, d_type: 'primary', d_name: input.domain.toLowerCase(), d_config: JSON.stringify(input.domainConfig ?? {}) })
      .returning('d_id')
      .executeTakeFirstOrThrow();
    for (const alias of input.aliases ?? []) {
      await g.insertInto('domains').values({ s_id: site.s_id, d_type: 'alias', d_name: alias.toLowerCase(), d_config: '{}' }).execute();
    }
    return { s_id: site.s_id, d_id: domain.d_id, schema };
  } catch (err) {
    // Leave nothing half-made behind: a brand without its schema or domain would only confuse.
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(root).catch(() => undefined);
    await g
      .deleteFrom('sites')
      .where('s_id', '=', site.s_id)
      .execute()
      .catch(() => undefined);
    throw err;
  }
}
