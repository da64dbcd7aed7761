/**
 * An item's sales price as the accounting system holds it (Xero's SalesDetails.UnitPrice), so a
 * sales row that picks the item starts at that price instead of it being typed again. Null when
 * the item has none (Xero items may be bought only, or priced per job).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .alterTable('xero_items')
    .addColumn('unit_price', sql`numeric(14,2)`)
    .execute();
}
