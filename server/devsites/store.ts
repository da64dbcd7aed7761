/**
 * Brand sites and their domains in the `global` schema. Writes run in one transaction so a site
 * never shows half its domains; the caller invalidates the brand cache afterwards, which makes
 * the change live on that brand's next request.
 */
import { sql } from 'kysely';
import { domainProblems, type DomainInput } from '../../core/brand/domains';
import { validateBrandConfig } from '../../core/brand/configSchema';
import { enText } from '../../core/i18n/en-US';
import { globalDb, type GlobalDb, type RootDb } from '../db/types';
import { validationError, type FieldMessage } from '../envelope/errors';
import { parseListQuery, type ListOptions, type ListQuery } from '../http/listQuery';
import { containsPattern } from '../resources/likeEscape';

export interface SiteWrite {
  name?: string;
  product_name?: string | null;
  logo_url?: string | null;
  wcf_form_url?: string | null;
  description?: string | null;
  config?: Record<string, unknown>;
  domains?: DomainInput[];
}

const SITE_COLUMNS = [
  's.s_id',
  's.name',
  's.db_name',
  's.product_name',
  's.logo_url',
  's.wcf_form_url',
  's.schema_name',
  's.description',
  's.created_at',
] as const;
export const SITE_SORTABLE = ['s_id', 'name', 'schema_name', 'product_name', 'created_at'];
/** 20 a page, oldest brand first; the id breaks ties. */
const SITE_LIST: ListOptions = { pageSize: 20, sort: { sortable: SITE_SORTABLE, defaultSort: 's_id', tieBreaker: { column: 's_id', desc: false } } };

/** Field-level checks the JSON schema cannot express: the config shape and the domain rules. */
export function checkSiteWrite(body: SiteWrite, creating: boolean): void {
  const problems: FieldMessage[] = [];
  if (creating && !body.name?.trim()) problems.push({ field: 'name', message: enText('validation.required') });
  if (body.config !== undefined) {
    for (const issue of validateBrandConfig(body.config)) problems.push({ field: issue.path ? `config.${issue.path}` : 'config', message: issue.message });
  }
  if (body.domains !== undefined) {
    const { rows, primaryCount } = domainProblems(body.domains);
    for (const i of rows) problems.push({ field: `domains.${i}`, message: enText('validation.domain') });
    if (primaryCount !== 1) problems.push({ field: 'domains', message: enText('validation.domain') });
    body.domains.forEach((d, i) => {
      for (const issue of validateBrandConfig(d.d_config ?? {}))
        problems.push({ field: `domains.${i}.d_config${issue.path ? `.${issue.path}` : ''}`, message: issue.message });
    });
    const names = body.domains.map((d) => d.d_name);
    if (new Set(names).size !== names.length) problems.push({ field: 'domains', message: enText('errors.duplicate') });
  }
  if (problems.length) throw validationError(problems);
}

/** `onlySite`: the one brand a user without a platform account sees. */
export async function listSites(root: RootDb, query: ListQuery, stext: string | null, onlySite: number | null = null) {
  const g = globalDb(root);
  const params = parseListQuery(query, SITE_LIST);
  let base = g.selectFrom('sites as s');
  if (onlySite !== null) base = base.where('s.s_id', '=', onlySite);
  if (stext) {
    const like = containsPattern(stext);
    base = base.where((eb) =>
      eb.or([
        eb('s.name', 'ilike', like),
        eb('s.schema_name', 'ilike', like),
        eb('s.product_name', 'ilike', like),
        eb.exists(eb.selectFrom('domains as dd').select('dd.d_id').whereRef('dd.s_id', '=', 's.s_id').where('dd.d_name', 'ilike', like)),
      ]),
    );
  }
  let page = base.select([...SITE_COLUMNS]);
  for (const term of params.sort) page = page.orderBy(sql.ref(`s.${term.column}`), term.desc ? 'desc' : 'asc');
  const [rows, total] = await Promise.all([
    page.limit(params.limit).offset(params.offset).execute(),
    params.withTotal ? base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow() : Promise.resolve(null),
  ]);
  const domains = rows.length
    ? await g
        .selectFrom('domains')
        .selectAll()
        .where(
          's_id',
          'in',
          rows.map((r) => r.s_id),
        )
        .orderBy('d_id')
        .execute()
    : [];
  const data = rows.map((r) => ({ ...r, domains: domains.filter((d) => d.s_id === r.s_id) }));
  return { data, totalCount: total ? Number(total.n) : undefined };
}

export async function siteDetails(root: RootDb, id: number) {
  const g = globalDb(root);
  const site = await g
    .selectFrom('sites as s')
    .select([...SITE_COLUMNS, 's.config'])
    .where('s.s_id', '=', id)
    .executeTakeFirst();
  if (!site) return null;
  const domains = await g.selectFrom('domains').selectAll().where('s_id', '=', id).orderBy('d_id').execute();
  return { ...site, domains };
}

/** Replaces the site's domain list: rows with a known d_id are updated, new ones inserted, missing ones removed. */
async function replaceDomains(g: GlobalDb, sId: number, domains: DomainInput[]): Promise<void> {
  const keep = domains.map((d) => d.d_id).filter((id): id is number => typeof id === 'number');
  let del = g.deleteFrom('domains').where('s_id', '=', sId);
  if (keep.length) del = del.where('d_id', 'not in', keep);
  await del.execute();
  // Names move between rows in one save (swap primary and alias), so free them before writing.
  if (keep.length)
    await g
      .updateTable('domains')
      .set({ d_name: sql`'-' || d_id::text` })
      .where('s_id', '=', sId)
      .where('d_id', 'in', keep)
      .execute();
  for (const d of domains) {
    const values = { d_type: d.d_type, d_name: d.d_name, d_enabled: d.d_enabled, d_config: JSON.stringify(d.d_config ?? {}) };
    if (typeof d.d_id === 'number') {
      const res = await g.updateTable('domains').set(values).where('d_id', '=', d.d_id).where('s_id', '=', sId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0)
        await g
          .insertInto('domains')
          .values({ ...values, s_id: sId })
          .execute();
    } else {
      await g
        .insertInto('domains')
        .values({ ...values, s_id: sId })
        .execute();
    }
  }
}

export async function updateSite(root: RootDb, id: number, body: SiteWrite): Promise<boolean> {
  return root.transaction().execute(async (trx) => {
    const g = globalDb(trx);
    const exists = await g.selectFrom('sites').select('s_id').where('s_id', '=', id).forUpdate().executeTakeFirst();
    if (!exists) return false;
    const set: Record<string, unknown> = {};
    for (const key of ['name', 'product_name', 'logo_url', 'wcf_form_url', 'description'] as const) if (body[key] !== undefined) set[key] = body[key];
    if (body.config !== undefined) set.config = JSON.stringify(body.config);
    if (Object.keys(set).length) await g.updateTable('sites').set(set).where('s_id', '=', id).execute();
    if (body.domains !== undefined) await replaceDomains(g, id, body.domains);
    return true;
  });
}

export async function setDomains(root: RootDb, id: number, domains: DomainInput[]): Promise<void> {
  await root.transaction().execute((trx) => replaceDomains(globalDb(trx), id, domains));
}
