import { ADMINS, OPERATOR_GROUP, STAFF } from '../../access/roles';
import type { FieldDef, ResourceDef } from '../engine/types';

const f = (name: string, rest: Omit<FieldDef, 'name' | 'label'>): FieldDef => ({ name, label: `resources.propertymanagers.fields.${name}`, ...rest });

export const propertymanagers: ResourceDef = {
  name: 'propertymanagers',
  table: 'propertymanagers',
  idField: 'pm_id',
  label: { one: 'resources.propertymanagers.one', many: 'resources.propertymanagers.many' },
  listPath: '/data/property-managers',
  itemPath: '/data/property-manager',
  gate: { roles: STAFF, requiredFeatures: ['job.enabled'] },
  writeRoles: [...ADMINS, ...OPERATOR_GROUP],
  defaultSort: 'pm_name',
  pageSize: 20,
  titleField: 'pm_name',
  searchColumn: 'search',
  related: [{ resource: 'jobsites', filterKey: 'pm_id', label: 'referenceData.sitesOfManager' }],
  fields: [
    f('pm_id', { type: 'number', readOnly: true, list: true, sortable: true }),
    f('pm_name', { type: 'text', required: true, max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('pm_company', { type: 'text', max: 100, list: true, sortable: true, searchable: true }),
    f('pm_email', { type: 'email', max: 100, list: true, searchable: true }),
    f('pm_phone', { type: 'text', max: 100, list: true, searchable: true }),
    f('pm_notes', { type: 'longtext', max: 3000 }),
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true },
  ],
};
