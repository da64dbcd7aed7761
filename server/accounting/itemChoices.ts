/**
 * GET xeroitems/choices?q=: the visible items a sales row offers, for the staff who edit a job's
 * sales (the item list itself is the admins'). Matched on the code or name by what was typed,
 * codes starting with it first, at most ITEM_CHOICES_LIMIT; an organisation may hold thousands
 * of items, so the picker asks as the user types instead of loading them all with globalparams.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ITEM_CHOICES_LIMIT, XERO_DOCUMENT_GATE, type ItemChoice } from '../../core/accounting/constants';
import { action } from '../http/route';
import { containsPattern, likeEscape } from '../resources/likeEscape';
import type { AnyDb } from '../resources/hooks';

const text = { type: ['string', 'null'] };
const choiceList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { xi_id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, description: text, unit_price: { type: ['number', 'null'] } },
  },
};

export async function visibleItems(db: AnyDb, typed: string): Promise<ItemChoice[]> {
  const q = typed.trim();
  let query = db.selectFrom('xero_items').select(['xi_id', 'code', 'name', 'description', 'unit_price']).where('visible', '=', true);
  if (q) {
    const anywhere = containsPattern(q);
    query = query
      .where((eb) => eb.or([eb('code', 'ilike', anywhere), eb('name', 'ilike', anywhere)]))
      .orderBy(sql`(lower(code) like ${`${likeEscape(q.toLowerCase())}%`})`, 'desc');
  }
  const rows = await query
    .orderBy(sql`lower(code)`)
    .orderBy('xi_id')
    .limit(ITEM_CHOICES_LIMIT)
    .execute();
  return rows as ItemChoice[];
}

export function registerItemChoiceRoute(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/xeroitems/choices',
      key: 'xeroitems',
      gate: XERO_DOCUMENT_GATE,
      querystring: { type: 'object', properties: { q: { type: 'string', maxLength: 100 } }, additionalProperties: false },
      data: choiceList,
      summary: `The visible items a sales row offers, matched on code or name by \`q\` (codes starting with it first), ${ITEM_CHOICES_LIMIT} at most`,
    },
    async (req) => ({ data: await visibleItems(req.db! as unknown as AnyDb, (req.query as { q?: string }).q ?? '') }),
  );
}
