import { ACCOUNTING_ADMIN_GATE } from '../../accounting/constants';
import type { ResourceDef } from '../engine/types';

/** The accounting system's items (products and services), keyed by code; the sync pulls them 100 a page. */
export const xeroitems: ResourceDef = {
  name: 'xeroitems',
  table: 'xero_items',
  idField: 'xi_id',
  label: { one: 'resources.xeroitems.one', many: 'resources.xeroitems.many' },
  listPath: '/xero/items',
  itemPath: '/xero/item',
  gate: ACCOUNTING_ADMIN_GATE,
  defaultSort: 'name',
  pageSize: 20,
  titleField: 'name',
  fields: [
    { name: 'xi_id', type: 'number', label: 'resources.xeroitems.fields.xi_id', readOnly: true },
    {
      name: 'name',
      type: 'text',
      label: 'resources.xeroitems.fields.name',
      required: true,
      max: 100,
      list: true,
      sortable: true,
      filter: true,
      searchable: true,
    },
    {
      name: 'code',
      type: 'text',
      label: 'resources.xeroitems.fields.code',
      required: true,
      max: 100,
      list: true,
      sortable: true,
      filter: true,
      searchable: true,
    },
    { name: 'description', type: 'longtext', label: 'resources.xeroitems.fields.description', max: 3000, list: true, searchable: true },
    { name: 'unit_price', type: 'money', label: 'resources.xeroitems.fields.unit_price', list: true },
    { name: 'visible', type: 'boolean', label: 'resources.xeroitems.fields.visible', defaultValue: true, list: true, sortable: true, filter: true },
    { name: 'updated_utc', type: 'date', label: 'resources.xeroitems.fields.updated_utc', readOnly: true },
    { name: 'last_update', type: 'date', label: 'resources.xeroitems.fields.last_update', readOnly: true, list: true, sortable: true },
  ],
};
