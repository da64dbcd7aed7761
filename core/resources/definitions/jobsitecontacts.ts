import { ADMINS, OPERATOR_GROUP, STAFF } from '../../access/roles';
import { SITE_CONTACT_TYPES } from '../../enums';
import type { FieldDef, ResourceDef } from '../engine/types';

const f = (name: string, rest: Omit<FieldDef, 'name' | 'label'>): FieldDef => ({ name, label: `resources.jobsitecontacts.fields.${name}`, ...rest });

/** Site contacts: the people met on a site (agent, cleaner, concierge, owner, renter, tenant ...). */
export const jobsitecontacts: ResourceDef = {
  name: 'jobsitecontacts',
  table: 'jobsitecontacts',
  idField: 'jsc_id',
  label: { one: 'resources.jobsitecontacts.one', many: 'resources.jobsitecontacts.many' },
  listPath: '/data/site-contacts',
  itemPath: '/data/site-contact',
  gate: { roles: STAFF, requiredFeatures: ['job.enabled'] },
  writeRoles: [...ADMINS, ...OPERATOR_GROUP],
  defaultSort: 'jsc_name',
  pageSize: 20,
  titleField: 'jsc_name',
  searchColumn: 'search',
  related: [{ resource: 'jobsites', filterKey: 'jsc_id', label: 'referenceData.sitesOfSiteContact' }],
  fields: [
    f('jsc_id', { type: 'number', readOnly: true, list: true, sortable: true }),
    f('jsc_name', { type: 'text', required: true, max: 100, list: true, sortable: true, filter: true, searchable: true }),
    f('jsc_type', {
      type: 'select',
      required: true,
      choices: SITE_CONTACT_TYPES,
      choiceLabels: 'choices.siteContactType',
      defaultValue: 'UNKNOWN',
      list: true,
      sortable: true,
      filter: true,
    }),
    f('jsc_email', { type: 'email', max: 100, list: true, searchable: true }),
    f('jsc_phone', { type: 'text', max: 100, list: true, searchable: true }),
    f('jsc_notes', { type: 'longtext', max: 3000 }),
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true },
  ],
};
