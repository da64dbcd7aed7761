import { STAFF, ADMINS } from '../../access/roles';
import type { ResourceDef } from '../engine/types';

/** Departments: each has the job-number prefix that its jobs use (job numbers are PREFIX-000123). */
export const departments: ResourceDef = {
  name: 'departments',
  table: 'departments',
  idField: 'de_id',
  label: { one: 'resources.departments.one', many: 'resources.departments.many' },
  listPath: '/data/departments',
  itemPath: '/data/department',
  gate: { roles: STAFF, requiredFeatures: ['job.enabled'] },
  writeRoles: [...ADMINS, 'Operator'],
  defaultSort: 'de_name',
  pageSize: 20,
  titleField: 'de_name',
  searchColumn: 'search',
  fields: [
    { name: 'de_id', type: 'number', label: 'resources.departments.fields.de_id', readOnly: true, list: true, sortable: true },
    {
      name: 'de_name',
      type: 'text',
      label: 'resources.departments.fields.de_name',
      required: true,
      max: 100,
      list: true,
      sortable: true,
      filter: true,
      searchable: true,
    },
    {
      name: 'de_prefix',
      type: 'text',
      label: 'resources.departments.fields.de_prefix',
      required: true,
      max: 100,
      pattern: /^[A-Z0-9]{1,6}$/,
      list: true,
      sortable: true,
      filter: true,
      searchable: true,
    },
    { name: 'de_description', type: 'longtext', label: 'resources.departments.fields.de_description', max: 3000, searchable: true },
    { name: 'de_color', type: 'color', label: 'resources.departments.fields.de_color', pattern: /^#[0-9a-fA-F]{6}$/, list: true },
    { name: 'de_is_active', type: 'boolean', label: 'resources.departments.fields.de_is_active', list: true, filter: true, sortable: true, defaultValue: true },
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, list: true, sortable: true },
  ],
};
