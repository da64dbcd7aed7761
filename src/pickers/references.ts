/**
 * The reference records a picker chooses from, each searched on the server through the data
 * provider's getList (free text 'q' → stext) and named through getMany, so a brand with 100,000
 * contacts never loads them into the browser.
 */
import { findResource } from '../../core/resources/definitions';
import type { Gate } from '../../core/access/access';
import { jobClients } from '../../core/jobs/jobClients';

export interface Reference {
  /** The data provider's resource (its definition gives the gate and the name field). */
  resource: string;
  /** The field shown as the record's name. */
  nameField: string;
  /** Always-applied filter (a client is a contact of type CLIENT). */
  filter?: Record<string, unknown>;
  /** Who may search it, when the resource is not one of the engine's screens (the job form's clients). */
  gate?: Gate;
}

/** How many matches a picker shows; typing narrows them. */
export const PICK_PAGE_SIZE = 25;

export const REFERENCES = {
  client: { resource: 'contacts', nameField: 'co_name', filter: { co_type: 'CLIENT' } },
  // The job form's clients: open to whoever works on jobs, also where the Contacts page is off.
  jobClient: { resource: jobClients.name, nameField: 'co_name', gate: jobClients.gate },
  supplier: { resource: 'contacts', nameField: 'co_name', filter: { co_type: 'SUPPLIER' } },
  contact: { resource: 'contacts', nameField: 'co_name' },
  site: { resource: 'jobsites', nameField: 'js_address' },
  propertyManager: { resource: 'propertymanagers', nameField: 'pm_name' },
  engineer: { resource: 'users/engineers', nameField: 'fullname' },
  operator: { resource: 'users/operators', nameField: 'fullname' },
  staff: { resource: 'users/bemworkers', nameField: 'fullname' },
} satisfies Record<string, Reference>;

export const gateOf = (reference: Reference): Gate | undefined => reference.gate ?? findResource(reference.resource)?.gate;
