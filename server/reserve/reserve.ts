/**
 * A company reserves its own brand site: a new site row, its schema `site_<id>` migrated like
 * every other, its primary domain `<subdomain>.<suffix>` and its first Admin. Reservations are
 * serialised by a PostgreSQL advisory lock, so two at the same moment cannot both take the last
 * free site; the schema name comes from the site's serial id and the subdomain is unique, so two
 * reservations never share a schema or a domain either.
 */
import { sql } from 'kysely';
import { allFeatures, DEFAULT_IMAGES } from '../../core/brand/types';
import { enText } from '../../core/i18n/en-US';
import { hashPassword } from '../auth/password';
import { createBrand, type CreatedBrand } from '../brand/create';
import { brandDb, globalDb, type RootDb } from '../db/types';
import { AppError, conflict } from '../envelope/errors';
import { toolsDb } from '../devtools/tables';

/** An arbitrary constant shared by every process of the deployment. */
const RESERVE_LOCK_KEY = 7_204_311;

export const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

export function reserveDomainSuffix(): string {
  return (process.env.RESERVE_DOMAIN_SUFFIX ?? 'localhost').toLowerCase();
}

/** How many brand sites this deployment may hold in all (RESERVE_MAX_BRANDS, default 100). */
export function maxBrands(): number {
  const n = Number(process.env.RESERVE_MAX_BRANDS ?? 100);
  return Number.isInteger(n) && n >= 0 ? n : 100;
}

export async function availableSchemasCount(root: RootDb): Promise<number> {
  const { n } = await globalDb(root)
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Math.max(0, maxBrands() - Number(n));
}

export interface Reservation {
  company: string;
  subdomain: string;
  email: string;
  firstname: string;
  surname: string;
  /** lowercase hex SHA-256 of the typed password, as login takes it. */
  password: string;
  systemUrl: string;
  reservedFrom: string;
}

/** What a self-reserved brand starts with: jobs and accounts on; areas needing set-up (mail, accounting, cloud) off. */
function starterConfig(r: Reservation): Record<string, unknown> {
  const features = allFeatures(true);
  features.auth.publicRegistration = false;
  features.mail = { enabled: false, contactManager: false, finalDeleteIsAllowed: false };
  features.job.xero = false;
  features.job.dext = false;
  features.google = { tasks: false, drive: false };
  features.microsoft = { emails: false };
  return { systemUrl: r.systemUrl, apiUrl: '/api', customSettings: { visibleName: r.company }, features, images: DEFAULT_IMAGES };
}

let inProcess: Promise<unknown> = Promise.resolve();

/**
 * One reservation at a time in this process. The one holding the advisory lock needs more pool
 * connections (the brand's migrations, its first admin); the others wait here, not on a pooled
 * connection parked in pg_advisory_lock, where as many of them as the pool has connections would
 * leave the holder none. Between processes the advisory lock keeps them apart.
 */
export async function reserveBrand(root: RootDb, r: Reservation): Promise<CreatedBrand & { domain: string }> {
  const passwordHash = await hashPassword(r.password);
  const turn = inProcess.then(() => reserveLocked(root, r, passwordHash));
  inProcess = turn.catch(() => undefined);
  return turn;
}

async function reserveLocked(root: RootDb, r: Reservation, passwordHash: string): Promise<CreatedBrand & { domain: string }> {
  const domain = `${r.subdomain}.${reserveDomainSuffix()}`;
  return root.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${RESERVE_LOCK_KEY})`.execute(conn);
    try {
      if ((await availableSchemasCount(conn)) < 1) throw new AppError({ code: 'CONFLICT', status: 409, primary: enText('errors.noFreeSchema') });
      const taken = await globalDb(conn).selectFrom('domains').select('d_id').where('d_name', '=', domain).executeTakeFirst();
      const reserved = await toolsDb(conn).selectFrom('reservations').select('r_id').where('subdomain', '=', r.subdomain).executeTakeFirst();
      if (taken || reserved) throw conflict(enText('errors.duplicate'), 'subdomain');
      const brand = await createBrand(root, { name: r.company, domain, productName: r.company, config: starterConfig(r) });
      try {
        await brandDb(root, brand.schema)
          .insertInto('users')
          .values({
            email: r.email,
            password_hash: passwordHash,
            role: 'Admin',
            firstname: r.firstname,
            surname: r.surname,
            fullname: `${r.firstname} ${r.surname}`,
            settings: '{}',
          })
          .execute();
        await toolsDb(root)
          .insertInto('reservations')
          .values({ s_id: brand.s_id, subdomain: r.subdomain, admin_email: r.email, reserved_from: r.reservedFrom })
          .execute();
      } catch (err) {
        await sql`drop schema if exists ${sql.id(brand.schema)} cascade`.execute(root).catch(() => undefined);
        await globalDb(root)
          .deleteFrom('sites')
          .where('s_id', '=', brand.s_id)
          .execute()
          .catch(() => undefined);
        throw err;
      }
      return { ...brand, domain };
    } finally {
      await sql`select pg_advisory_unlock(${RESERVE_LOCK_KEY})`.execute(conn);
    }
  });
}
