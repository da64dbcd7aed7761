/**
 * Demo accounting data for a brand with the accounting feature: the tax rates and a few items a UK
 * contractor's Xero organisation has, as a sync would have pulled them, so the screens and the
 * sales rows' tax choice have something to show before a real connection exists.
 */
import { sql } from 'kysely';
import type { RootDb } from '../db/types';

/** Xero's UK tax types (TaxType) with their names and rates. */
export const DEMO_TAX_RATES = [
  { tax_type: 'OUTPUT2', name: '20% (VAT on Income)', type: 'OUTPUT', effective_rate: 20, is_default: true },
  { tax_type: 'INPUT2', name: '20% (VAT on Expenses)', type: 'INPUT', effective_rate: 20, is_default: false },
  { tax_type: 'RROUTPUT', name: '5% (VAT on Income)', type: 'OUTPUT', effective_rate: 5, is_default: false },
  { tax_type: 'ZERORATEDOUTPUT', name: 'Zero Rated Income', type: 'OUTPUT', effective_rate: 0, is_default: false },
  { tax_type: 'EXEMPTOUTPUT', name: 'Exempt Income', type: 'OUTPUT', effective_rate: 0, is_default: false },
  { tax_type: 'NONE', name: 'No VAT', type: 'NONE', effective_rate: 0, is_default: false },
] as const;

export const DEMO_ITEMS = [
  { code: 'LAB-HR', name: 'Labour (per hour)', description: 'Engineer time on site, charged per hour.', unit_price: '55.00' },
  { code: 'CALLOUT', name: 'Call-out charge', description: 'Attendance within 4 hours, first half hour included.', unit_price: '75.00' },
  { code: 'TAP-MIX', name: 'Mixer tap', description: 'Chrome basin mixer tap, supplied and fitted.', unit_price: '89.50' },
  { code: 'RAD-600', name: 'Radiator 600 × 1000', description: 'Double panel convector radiator.', unit_price: '145.00' },
  { code: 'CERT-EICR', name: 'EICR certificate', description: 'Electrical installation condition report.', unit_price: null },
] as const;

export async function createDemoAccounting(root: RootDb, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  for (const r of DEMO_TAX_RATES) {
    await sql`insert into ${t('xero_taxrates')} (tax_type, name, status, type, effective_rate, is_default)
      values (${r.tax_type}, ${r.name}, 'ACTIVE', ${r.type}, ${r.effective_rate}, ${r.is_default})`.execute(root);
  }
  for (const i of DEMO_ITEMS) {
    await sql`insert into ${t('xero_items')} (code, name, description, unit_price, updated_utc)
      values (${i.code}, ${i.name}, ${i.description}, ${i.unit_price}, now())`.execute(root);
  }
}
