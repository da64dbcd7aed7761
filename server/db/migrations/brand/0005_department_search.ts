/**
 * Departments get the same generated search column as the reference data: free text over name,
 * prefix and description becomes one trigram-indexed LIKE instead of three ILIKEs and a
 * sequential scan for the total.
 */
import type { Kysely } from 'kysely';
import { searchColumn } from './0002_reference_data';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await searchColumn(db, schema, 'departments', ['de_name', 'de_prefix', 'de_description']);
}
