/**
 * contactmanager: addresses for the composer's autocomplete, from the contacts, the brand's users
 * and the addresses seen in the mails of the user's own accounts (most used first).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Gate } from '../../../core/access/access';
import { STAFF } from '../../../core/access/roles';
import { searchableText } from '../../../core/lists/search';
import type { MailAddress } from '../../../core/mail/compose/addresses';
import { invalidField } from '../../envelope/errors';
import { asObject } from '../../http/objects';
import { action } from '../../http/route';
import { readableAccountIds, userId } from './access';
import { composeDb } from './tables';
import { containsPattern } from '../../resources/likeEscape';

export const CONTACT_MANAGER_GATE: Gate = { roles: STAFF, requiredFeatures: ['mail.enabled', 'mail.contactManager'] };

const LIMIT = 20;
/** The newest mails only: enough for suggestions, and bounded on a mailbox of 100,000 mails. */
const RECENT_MAILS = 20_000;

interface Suggestion extends MailAddress {
  source: 'contact' | 'user' | 'mail';
}

export function registerContactManagerRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/contactmanager/filter',
      key: 'contactmanager',
      gate: CONTACT_MANAGER_GATE,
      summary: "Address suggestions {stext} (at least 3 characters): contacts, users, addresses of the user's mails",
    },
    async (req) => {
      const stext = asObject(req.body).stext ?? '';
      if (typeof stext !== 'string' || stext.length > 100) throw invalidField('stext');
      // Suggestions only: shorter text suggests nothing rather than being refused.
      const text = searchableText(stext);
      if (!text) return { data: [], totalCount: 0 };
      const db = composeDb(req.db);
      const like = containsPattern(text);
      // The contacts and users tables are typed elsewhere; only their name and address columns are read.
      const loose = db as unknown as Kysely<{
        contacts: { co_name: string; co_email: string | null };
        users: { fullname: string | null; email: string; is_hidden: boolean };
      }>;
      const contacts = await loose
        .selectFrom('contacts')
        .select(['co_name as name', 'co_email as address'])
        .where('co_email', 'is not', null)
        .where((eb) => eb.or([eb('co_email', 'ilike', like), eb('co_name', 'ilike', like)]))
        .limit(LIMIT)
        .execute();
      const users = await loose
        .selectFrom('users')
        .select([sql<string>`coalesce(fullname, '')`.as('name'), 'email as address'])
        .where('is_hidden', '=', false)
        .where((eb) => eb.or([eb('email', 'ilike', like), eb('fullname', 'ilike', like)]))
        .limit(LIMIT)
        .execute();
      const accounts = await readableAccountIds(db, userId(req));
      const seen = accounts.length
        ? await db
            .selectFrom(
              db
                .selectFrom('mails')
                .select(
                  sql<unknown>`jsonb_array_elements(mail_to_arr || mail_cc_arr || case when mail_from is null then '[]'::jsonb else jsonb_build_array(mail_from) end)`.as(
                    'a',
                  ),
                )
                .where('mailaccount_id', 'in', accounts)
                .orderBy('mail_date', 'desc')
                .limit(RECENT_MAILS)
                .as('x'),
            )
            .select([sql<string>`lower(x.a->>'address')`.as('address'), sql<string>`coalesce(max(x.a->>'name'), '')`.as('name')])
            .where((eb) => eb.or([eb(sql`x.a->>'address'`, 'ilike', like), eb(sql`x.a->>'name'`, 'ilike', like)]))
            .groupBy(sql`lower(x.a->>'address')`)
            .orderBy(sql`count(*)`, 'desc')
            .limit(LIMIT)
            .execute()
        : [];
      const out: Suggestion[] = [];
      const keys = new Set<string>();
      const add = (list: { name: string | null; address: string | null }[], source: Suggestion['source']) => {
        for (const r of list) {
          const address = (r.address ?? '').trim();
          if (!address || keys.has(address.toLowerCase())) continue;
          keys.add(address.toLowerCase());
          out.push({ name: r.name ?? '', address, source });
        }
      };
      add(contacts, 'contact');
      add(users, 'user');
      add(seen, 'mail');
      return { data: out.slice(0, LIMIT), totalCount: Math.min(out.length, LIMIT) };
    },
  );
}
