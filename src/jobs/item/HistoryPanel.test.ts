import { describe, expect, it } from 'vitest';
import { describeChanges, type HistoryTextContext } from './historyText';

const TEXTS: Record<string, string> = {
  'jobs.fields.job_desc': 'Description',
  'jobs.fields.job_start': 'Start',
  'jobs.fields.tags': 'Tags',
  'jobs.fields.client': 'Client',
  'jobs.fields.site': 'Site',
  'jobs.fields.site_contact': 'Site contact',
  'jobs.fields.department': 'Department',
  'jobs.fields.job_status': 'Status',
  'jobs.fields.engineers': 'Engineers',
  'jobs.fields.lead': 'Lead',
  'jobs.fields.assigned': 'Assigned users',
  'jobs.fields.supplier': 'Supplier',
  'jobs.fields.engineer': 'Engineer',
  'jobs.fields.remedial': 'Remedial work',
  'jobs.status.BOOKED': 'Booked',
  'jobs.status.QUOTED': 'Quoted',
  'jobs.tags.PLANNED': 'Planned',
  'jobs.item.yes': 'yes',
  'jobs.item.no': 'no',
  'salesCosts.enums.cost_types.LABOUR': 'Labour',
  'salesCosts.costs.costType': 'Cost type',
};
const ctx = (names: Record<string, string> = {}, entity = 'job'): HistoryTextContext => ({
  translate: (k) => TEXTS[k] ?? k,
  date: (d) => `<${d}>`,
  names,
  entity,
});

describe('history text', () => {
  it('says what changed from what to what, with labels, translated tags and dates formatted', () => {
    const text = describeChanges(
      { job_desc: { from: null, to: 'More' }, job_start: { from: null, to: '2026-11-23T09:00:00.000Z' }, job_tags: ['PLANNED'] },
      ctx(),
    );
    expect(text).toBe('Description: — → More; Start: — → <2026-11-23 09:00:00>; Tags: Planned');
  });

  it('shows names instead of ids for changes and created values, and labels instead of status codes', () => {
    const names = {
      'contact:4': 'Acme Ltd',
      'contact:9': 'Bolt Ltd',
      'site:2': '1 High St',
      'sitecontact:7': 'Tina Tenant',
      'department:1': 'Plumbing',
      'user:5': 'Eddie Engineer',
      'user:6': 'Olly Operator',
    };
    const update = describeChanges(
      {
        co_id: { from: 4, to: 9 },
        jsc_id: { from: 7, to: null },
        job_status: { from: 'QUOTED', to: 'BOOKED' },
        engineers: { from: [], to: [{ us_id: 5, is_lead: true }] },
      },
      ctx(names),
    );
    expect(update).toBe('Client: Acme Ltd → Bolt Ltd; Site contact: Tina Tenant → —; Status: Quoted → Booked; Engineers: — → Eddie Engineer (Lead)');
    const created = describeChanges({ job_id: 12, de_id: 1, js_id: 2, assigned: [6, 33], job_has_remedial: false }, ctx(names));
    expect(created).toBe('Department: Plumbing; Site: 1 High St; Assigned users: Olly Operator, #33; Remedial work: no');
    const cost = describeChanges({ co_id: 9, us_id: { from: null, to: 5 }, jc_cost_type: 'LABOUR' }, ctx(names, 'cost'));
    expect(cost).toBe('Supplier: Bolt Ltd; Engineer: — → Eddie Engineer; Cost type: Labour');
  });

  it('names sections and rows in a reorder and spells out sales rows', () => {
    const names = { 'section:1': 'Deposit', 'salesitem:8': 'Boiler', 'salesitem:9': 'Flue' };
    const translate = (k: string) =>
      ({
        'jobs.fields.sectionOrder': 'Order of the sales sections',
        'jobs.fields.rowOrder': 'Order of the rows',
        'jobs.fields.rows': 'Rows',
        'salesCosts.enums.sales_kinds.purchase': 'Purchase',
      })[k] ?? k;
    const c: HistoryTextContext = { translate, date: (d) => d, names, entity: 'sales' };
    expect(describeChanges({ jss_ids: { from: [1, 2], to: [2, 1] } }, c)).toBe('Order of the sales sections: Deposit, #2 → #2, Deposit');
    expect(describeChanges({ sales_ids: { from: [8, 9], to: [9, 8] } }, c)).toBe('Order of the rows: Boiler, Flue → Flue, Boiler');
    expect(describeChanges({ rows: { from: [], to: [{ sales_kind: 'purchase', item_code: 'Valve', qty: '2.000', net_unit_sales: '5.00' }] } }, c)).toBe(
      'Rows: — → Purchase Valve 2.000 × 5.00',
    );
  });
});
