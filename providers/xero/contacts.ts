/** GET/PUT/POST /Contacts and GET /Contacts/{id}, with Xero's unique active contact name rule. */
import { randomUUID } from 'node:crypto';
import { batchAnswer, inputOf, type Outcome } from './batch';
import { elementsOf, summarizes, tenantOf, type XeroCall, type XeroHandler } from './context';
import { modifiedSince, paged, wireOf } from './records';
import type { Stored } from './state';
import { envelope, notFound } from './wire';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const contactWire = (s: Stored): Record<string, unknown> => ({ ...wireOf(s), HasValidationErrors: false });

const sameName = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

export const nameTakenMessage = (name: string) =>
  `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`;

/** An active contact other than `selfId` already holding `name`. */
export const nameTaken = (contacts: Map<string, Stored>, name: unknown, selfId: string | null) =>
  [...contacts.values()].some((c) => c.id !== selfId && c.data.ContactStatus === 'ACTIVE' && sameName(c.data.Name, name));

const getContacts: XeroHandler = (call) => {
  const tenant = tenantOf(call);
  const includeArchived = call.query.get('includeArchived')?.toLowerCase() === 'true';
  const ids =
    call.query
      .get('IDs')
      ?.split(',')
      .map((s) => s.trim().toLowerCase()) ?? null;
  const term = call.query.get('searchTerm')?.toLowerCase() ?? null;
  const rows = modifiedSince(call, tenant.contacts.values())
    .filter((c) => includeArchived || c.data.ContactStatus === 'ACTIVE')
    .filter((c) => !ids || ids.includes(c.id))
    .filter(
      (c) =>
        !term ||
        ['Name', 'FirstName', 'LastName', 'ContactNumber', 'EmailAddress'].some((f) =>
          String(c.data[f] ?? '')
            .toLowerCase()
            .includes(term),
        ),
    );
  const page = paged(call, rows);
  return { status: 200, body: envelope(call.now, 'Contacts', page.rows.map(contactWire), page.pagination ? { pagination: page.pagination } : {}) };
};

/** `/Contacts/{x}`: the contract routes it to getContactByContactNumber first; Xero takes an id or a number. */
const getContact: XeroHandler = (call) => {
  const tenant = tenantOf(call);
  const key = call.params.ContactID ?? call.params.ContactNumber ?? '';
  const found = UUID.test(key) ? tenant.contacts.get(key.toLowerCase()) : [...tenant.contacts.values()].find((c) => c.data.ContactNumber === key);
  return found ? { status: 200, body: envelope(call.now, 'Contacts', [contactWire(found)]) } : notFound();
};

function upsertOne(draft: Map<string, Stored>, element: Record<string, unknown>, now: number): Outcome {
  const input = inputOf(element);
  const byId = typeof input.ContactID === 'string' ? draft.get(input.ContactID.toLowerCase()) : undefined;
  if (typeof input.ContactID === 'string' && !byId) return { wire: element, errors: [`The contact with ID ${input.ContactID} could not be found.`] };
  const existing = byId ?? [...draft.values()].find((c) => input.ContactNumber !== undefined && c.data.ContactNumber === input.ContactNumber);
  const data: Record<string, unknown> = { ContactStatus: 'ACTIVE', ...existing?.data, ...input };
  const id = existing?.id ?? randomUUID();
  data.ContactID = id;
  const errors: string[] = [];
  if (typeof data.Name !== 'string' || data.Name.trim() === '') errors.push('The contact name must be specified.');
  else if (data.Name.length > 255) errors.push('The contact name must not exceed 255 characters.');
  else if (data.ContactStatus === 'ACTIVE' && nameTaken(draft, data.Name, existing?.id ?? null)) errors.push(nameTakenMessage(data.Name));
  if (errors.length > 0) return { wire: element, errors };
  const stored = { id, updatedMs: now, data };
  draft.set(id, stored);
  return { wire: contactWire(stored), errors: [] };
}

const upsertContacts: XeroHandler = (call) => {
  const tenant = tenantOf(call);
  const draft = new Map(tenant.contacts);
  const outcomes = elementsOf(call, 'Contacts').map((e) => upsertOne(draft, e, call.now));
  return batchAnswer(outcomes, {
    now: call.now,
    key: 'Contacts',
    summarize: summarizes(call),
    errorFlag: 'HasValidationErrors',
    commit: () => {
      tenant.contacts = draft;
    },
  });
};

/** POST /Contacts/{ContactID}: one contact updated by the id in its path. */
const updateContact: XeroHandler = (call) => {
  const id = call.params.ContactID?.toLowerCase() ?? '';
  if (!tenantOf(call).contacts.has(id)) return notFound();
  const [first] = elementsOf(call, 'Contacts');
  return upsertContacts({ ...call, body: { Contacts: [{ ...first, ContactID: id }] } } satisfies XeroCall);
};

export const contactHandlers: Record<string, XeroHandler> = {
  getContacts,
  getContact,
  getContactByContactNumber: getContact,
  createContacts: upsertContacts,
  updateOrCreateContacts: upsertContacts,
  updateContact,
};

/** Seeds contacts straight into a tenant (control API): Name required, ACTIVE unless said otherwise. */
export function seedContacts(contacts: Map<string, Stored>, rows: Record<string, unknown>[], now: number): Record<string, unknown>[] {
  return rows.map(({ updatedMs, ...row }) => {
    const id = typeof row.ContactID === 'string' ? row.ContactID.toLowerCase() : randomUUID();
    const stored = { id, updatedMs: typeof updatedMs === 'number' ? updatedMs : now, data: { ContactStatus: 'ACTIVE', ...inputOf(row), ContactID: id } };
    contacts.set(id, stored);
    return contactWire(stored);
  });
}
