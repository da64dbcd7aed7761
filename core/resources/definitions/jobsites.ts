import { ADMINS, OPERATOR_GROUP, STAFF } from '../../access/roles';
import type { FieldDef, ResourceDef } from '../engine/types';

const f = (name: string, rest: Omit<FieldDef, 'name' | 'label'>): FieldDef => ({ name, label: `resources.jobsites.fields.${name}`, ...rest });
const rel = (name: string) => `resources.jobsites.relations.${name}`;

/**
 * Job sites: an address with its clients, property managers and site contacts (each a row with a
 * lead flag) and site notes (served by server/jobsites, linked by js_id).
 */
export const jobsites: ResourceDef = {
  name: 'jobsites',
  table: 'jobsites',
  idField: 'js_id',
  label: { one: 'resources.jobsites.one', many: 'resources.jobsites.many' },
  listPath: '/data/sites',
  itemPath: '/data/site',
  gate: { roles: STAFF, requiredFeatures: ['job.enabled'] },
  writeRoles: [...ADMINS, ...OPERATOR_GROUP],
  defaultSort: 'js_address',
  pageSize: 20,
  titleField: 'js_address',
  searchColumn: 'search',
  relations: [
    {
      name: 'clients',
      table: 'jobsite_clients',
      reference: 'contacts',
      refField: 'co_id',
      lead: true,
      label: rel('clients'),
      action: 'assingclients',
      listSummary: true,
      choiceFilter: { co_type: 'CLIENT' },
    },
    {
      name: 'propertymanagers',
      table: 'jobsite_propertymanagers',
      reference: 'propertymanagers',
      refField: 'pm_id',
      lead: true,
      label: rel('propertymanagers'),
      action: 'assingpropertymanager',
      listSummary: true,
    },
    {
      name: 'sitecontacts',
      table: 'jobsite_sitecontacts',
      reference: 'jobsitecontacts',
      refField: 'jsc_id',
      lead: true,
      label: rel('sitecontacts'),
      action: 'assingjobsitescontacts',
    },
  ],
  fields: [
    f('js_id', { type: 'number', readOnly: true, list: true, sortable: true }),
    f('js_address', { type: 'text', required: true, max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('js_city', { type: 'text', max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('js_postcode', { type: 'text', max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('js_other_notes', { type: 'longtext', max: 3000 }),
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true },
  ],
};
