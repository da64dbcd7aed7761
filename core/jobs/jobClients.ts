/**
 * The clients a job form picks from and creates: CLIENT contacts with only the fields the form
 * needs, under the job's own gate. A brand without accounting has no Contacts page (its gate needs
 * job.xero), yet its office must still set a job's client, so this is a narrow view of `contacts`
 * that is not a screen of its own (it is not in RESOURCES: no menu, no generic routes).
 */
import { STAFF } from '../access/roles';
import { contacts } from '../resources/definitions/contacts';
import type { FieldDef, ResourceDef } from '../resources/engine/types';

/** What the job form's "New client" dialog asks for, in its order. */
export const JOB_CLIENT_INPUTS = ['co_name', 'co_company', 'co_email', 'co_phone', 'co_address'] as const;
export type JobClientInput = (typeof JOB_CLIENT_INPUTS)[number];

const SHOWN = new Set<string>(['co_id', 'co_type', ...JOB_CLIENT_INPUTS]);

// The type is set by the server (always CLIENT), never taken from the body; it stays a filter.
const narrowed = (f: FieldDef): FieldDef => (f.name === 'co_type' ? { ...f, readOnly: true, required: false } : f);

export const jobClients: ResourceDef = {
  ...contacts,
  name: 'jobclients',
  // Whoever works on jobs (the job create gate), whatever the accounting features.
  gate: { roles: STAFF, requiredFeatures: ['job.enabled'] },
  writeRoles: STAFF,
  fields: contacts.fields.filter((f) => SHOWN.has(f.name)).map(narrowed),
  related: undefined,
  relations: undefined,
};

export const CLIENT_TYPE = 'CLIENT';
