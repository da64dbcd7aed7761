import { ACCOUNTING_ADMIN_GATE } from '../../accounting/constants';
import type { ResourceDef } from '../engine/types';

/**
 * The accounting system's tax rates, as the sync pulls them (keyed by tax_type). Locally an admin
 * hides rates (xtr_visible) and picks the default (is_default, one at a time); the visible ones are
 * what the sales and cost rows offer.
 */
export const xerotaxrates: ResourceDef = {
  name: 'xerotaxrates',
  table: 'xero_taxrates',
  idField: 'xtr_id',
  label: { one: 'resources.xerotaxrates.one', many: 'resources.xerotaxrates.many' },
  listPath: '/xero/taxrates',
  itemPath: '/xero/taxrate',
  gate: ACCOUNTING_ADMIN_GATE,
  defaultSort: 'name',
  pageSize: 20,
  titleField: 'name',
  fields: [
    { name: 'xtr_id', type: 'number', label: 'resources.xerotaxrates.fields.xtr_id', readOnly: true },
    {
      name: 'name',
      type: 'text',
      label: 'resources.xerotaxrates.fields.name',
      required: true,
      max: 100,
      list: true,
      sortable: true,
      filter: true,
      searchable: true,
    },
    {
      name: 'tax_type',
      type: 'text',
      label: 'resources.xerotaxrates.fields.tax_type',
      required: true,
      max: 100,
      pattern: /^[A-Za-z0-9_]{1,50}$/,
      searchable: true,
    },
    { name: 'type', type: 'text', label: 'resources.xerotaxrates.fields.type', max: 100, list: true, sortable: true, filter: true },
    {
      name: 'status',
      type: 'select',
      label: 'resources.xerotaxrates.fields.status',
      choices: ['ACTIVE', 'DELETED', 'ARCHIVED', 'PENDING'],
      choiceLabels: 'choices.taxRateStatus',
      defaultValue: 'ACTIVE',
      list: true,
      sortable: true,
      filter: true,
    },
    // A percentage 0–100 with up to four decimals (the hook checks the range, as the yup schema has no numeric bounds).
    { name: 'effective_rate', type: 'number', label: 'resources.xerotaxrates.fields.effective_rate', required: true, list: true, sortable: true },
    { name: 'xtr_visible', type: 'boolean', label: 'resources.xerotaxrates.fields.xtr_visible', defaultValue: true, list: true, sortable: true, filter: true },
    {
      name: 'is_default',
      type: 'boolean',
      label: 'resources.xerotaxrates.fields.is_default',
      defaultValue: false,
      oneDefault: true,
      list: true,
      sortable: true,
      filter: true,
    },
    { name: 'updated_at', type: 'date', label: 'resources.xerotaxrates.fields.updated_at', readOnly: true },
  ],
};
