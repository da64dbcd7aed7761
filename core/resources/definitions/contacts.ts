import { ADMINS, OPERATOR_GROUP, STAFF } from '../../access/roles';
import { CONTACT_TYPES } from '../../enums';
import type { FieldDef, ResourceDef } from '../engine/types';

const f = (name: string, rest: Omit<FieldDef, 'name' | 'label'>): FieldDef => ({ name, label: `resources.contacts.fields.${name}`, ...rest });

/**
 * Contacts: clients, engineers, suppliers, operators and customers, with the accounting-service
 * contact id, special rates and commission (each note is mandatory while its flag is set).
 */
export const contacts: ResourceDef = {
  name: 'contacts',
  table: 'contacts',
  idField: 'co_id',
  label: { one: 'resources.contacts.one', many: 'resources.contacts.many' },
  listPath: '/data/contacts',
  itemPath: '/data/contact',
  gate: { roles: STAFF, requiredFeatures: ['job.enabled', 'job.xero'] },
  writeRoles: [...ADMINS, ...OPERATOR_GROUP],
  defaultSort: 'co_name',
  pageSize: 20,
  titleField: 'co_name',
  searchColumn: 'search',
  related: [{ resource: 'jobsites', filterKey: 'co_id', label: 'referenceData.sitesOfContact' }],
  fields: [
    f('co_id', { type: 'number', readOnly: true, list: true, sortable: true }),
    f('co_name', { type: 'text', required: true, max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('co_type', {
      type: 'select',
      required: true,
      choices: CONTACT_TYPES,
      choiceLabels: 'choices.contactType',
      defaultValue: 'CLIENT',
      list: true,
      sortable: true,
      filter: true,
    }),
    f('co_company', { type: 'text', max: 100, list: true, sortable: true, searchable: true }),
    f('co_email', { type: 'email', max: 100, list: true, searchable: true }),
    f('co_phone', { type: 'text', max: 100, list: true, searchable: true }),
    f('co_address', { type: 'longtext', max: 3000 }),
    f('xero_contact_id', { type: 'text', max: 100 }),
    // Why Xero refused the contact at the last sync (written by the contact sync only).
    f('xero_error', { type: 'longtext', readOnly: true }),
    f('co_rates_special', { type: 'boolean', defaultValue: false, filter: true }),
    f('co_rates_note', { type: 'longtext', max: 3000, requiredWhen: 'co_rates_special' }),
    f('co_commission', { type: 'money' }),
    f('co_commission_special', { type: 'boolean', defaultValue: false }),
    f('co_commission_note', { type: 'longtext', max: 3000, requiredWhen: 'co_commission_special' }),
    f('co_tax_receivable', { type: 'text', max: 100 }),
    f('co_tax_payable', { type: 'text', max: 100 }),
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true },
  ],
};
