import { brandDb, type RootDb } from '../db/types';

export interface NewDepartment {
  de_name: string;
  de_prefix: string;
  de_description?: string | null;
  de_color?: string | null;
  de_is_active?: boolean;
}

export const DEMO_DEPARTMENTS: readonly NewDepartment[] = [
  { de_name: 'Plumbing', de_prefix: 'PLB', de_color: '#1E88E5', de_description: 'Leaks, drains, water heaters and pipework.' },
  { de_name: 'Electrical', de_prefix: 'ELE', de_color: '#FDD835', de_description: 'Wiring, lighting, fuse boards and testing.' },
  { de_name: 'Roofing', de_prefix: 'ROF', de_color: '#6D4C41', de_description: 'Tiles, flat roofs, gutters and flashing.' },
  { de_name: 'General Maintenance', de_prefix: 'GEN', de_color: '#43A047', de_description: 'Handyman work, small repairs and upkeep.' },
  { de_name: 'Heating', de_prefix: 'HTG', de_color: '#E53935', de_description: 'Boilers, radiators and annual servicing.' },
];

export const ACME_DEPARTMENTS: readonly NewDepartment[] = [
  { de_name: 'Plumbing', de_prefix: 'PLB', de_color: '#1565C0', de_description: 'Domestic and commercial plumbing.' },
  { de_name: 'Electrical', de_prefix: 'ELE', de_color: '#F9A825', de_description: 'Electrical installation and repairs.' },
  { de_name: 'Carpentry', de_prefix: 'CAR', de_color: '#8D6E63', de_description: 'Doors, windows, flooring and joinery.' },
];

export async function createDepartments(root: RootDb, schema: string, list: readonly NewDepartment[]): Promise<number[]> {
  if (!list.length) return [];
  const rows = await brandDb(root, schema)
    .insertInto('departments')
    .values(list.map((d) => ({ ...d })))
    .returning('de_id')
    .execute();
  return rows.map((r) => r.de_id);
}
