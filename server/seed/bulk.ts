/**
 * Volume data for the bench and for checking that lists scale: N departments and N users in one
 * brand schema, inserted in batches.
 */
import { sql } from 'kysely';
import { brandDb, type RootDb } from '../db/types';
import { ROLES } from '../../core/access/roles';
import { hashPassword, sha256Hex } from '../auth/password';
import { DEMO_PASSWORD } from './people';

const WORDS = ['North', 'South', 'East', 'West', 'Central', 'City', 'Harbour', 'Valley', 'Park', 'Bridge', 'Mill', 'Station'];
const TRADES = ['Plumbing', 'Electrical', 'Roofing', 'Heating', 'Glazing', 'Painting', 'Carpentry', 'Drainage', 'Gas', 'Locksmith'];
const FIRST = ['Amelia', 'Noah', 'Isla', 'Leo', 'Ava', 'Arthur', 'Mia', 'Oscar', 'Freya', 'George', 'Lily', 'Harry'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Evans', 'Walker', 'Wright'];
const BATCH = 1000;

export interface BulkOptions {
  departments?: number;
  users?: number;
  /** Distinguishes several bulk runs in one schema (prefixes and emails stay unique). */
  tag?: string;
}

export async function seedBulk(root: RootDb, schema: string, opts: BulkOptions): Promise<void> {
  const db = brandDb(root, schema);
  const tag =
    (opts.tag ?? 'B')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 1) || 'B';

  for (let start = 0; start < (opts.departments ?? 0); start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(start + BATCH, opts.departments ?? 0); i++) {
      rows.push({
        de_name: `${TRADES[i % TRADES.length]} ${WORDS[Math.floor(i / TRADES.length) % WORDS.length]} ${i + 1}`,
        // Prefixes must match ^[A-Z0-9]{1,6}$: the tag letter plus the index in base 36.
        de_prefix: `${tag}${i.toString(36).toUpperCase().padStart(5, '0')}`,
        de_description: `Bulk department ${i + 1} for ${WORDS[i % WORDS.length].toLowerCase()} area jobs.`,
        de_color: `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`,
        de_is_active: i % 10 !== 0,
      });
    }
    await db.insertInto('departments').values(rows).execute();
  }

  if (opts.users) {
    // One scrypt for all bulk users: hashing thousands separately would take minutes, and these
    // accounts exist only to fill lists.
    const passwordHash = await hashPassword(sha256Hex(DEMO_PASSWORD));
    for (let start = 0; start < opts.users; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(start + BATCH, opts.users); i++) {
        const firstname = FIRST[i % FIRST.length];
        const surname = LAST[Math.floor(i / FIRST.length) % LAST.length];
        rows.push({
          email: `bulk${tag.toLowerCase()}${i + 1}@bench.test`,
          password_hash: passwordHash,
          role: ROLES[i % ROLES.length],
          firstname,
          surname,
          nickname: null,
          fullname: `${firstname} ${surname}`,
          settings: '{}',
        });
      }
      await db.insertInto('users').values(rows).execute();
    }
  }
  // VACUUM also merges the GIN indexes' pending lists, which a bulk insert leaves long.
  await sql`vacuum analyze ${sql.id(schema, 'departments')}`.execute(root);
  await sql`vacuum analyze ${sql.id(schema, 'users')}`.execute(root);
}
