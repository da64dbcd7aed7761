/**
 * A resource is declared once with this shape. The SPA's engine makes its list, create and edit
 * screens and client validation from it; the server's engine makes its CRUD routes
 * (GET list, POST filter, POST create, GET {id}/details, PATCH {id}, DELETE {id}) with the same
 * validation. Definitions are pure data: no React, no database code.
 */
import type { Gate } from '../../access/access';
import type { RoleGate } from '../../access/roles';

export type FieldType = 'text' | 'longtext' | 'number' | 'money' | 'boolean' | 'date' | 'email' | 'select' | 'reference' | 'color';

export interface FieldDef {
  /** Column name in the brand table and key on the wire. */
  name: string;
  type: FieldType;
  /** i18n key of the label. */
  label: string;
  required?: boolean;
  /** Character limit: 100 ('Max. 100 chars!') or 3000 ('Max. 3000 chars!'). */
  max?: 100 | 3000;
  /** Allowed values of a 'select'. */
  choices?: readonly string[];
  /** i18n prefix of the choices' names (`${choiceLabels}.${value}`); without it the values are shown as they are. */
  choiceLabels?: string;
  /** Target resource name of a 'reference'. */
  reference?: string;
  /** Extra check that the value matches; failure gives 'Invalid value'. */
  pattern?: RegExp;
  /** Shown as a list column. */
  list?: boolean;
  /** Offered as a list filter (exact match; text fields match as a prefix). */
  filter?: boolean;
  sortable?: boolean;
  /** Searched by the free-text filter (stext). */
  searchable?: boolean;
  /** Written only by the server (never accepted from a client). */
  readOnly?: boolean;
  defaultValue?: string | number | boolean | null;
  /** Cross-field rule: required ('Field is required!') while the named boolean field is true. */
  requiredWhen?: string;
  /**
   * Write-only (a password, an OAuth secret): never answered; the answer carries the boolean
   * `flag` (is one stored?) instead. An update without the field keeps the stored value, an
   * explicit null or '' clears it; the form shows an empty password input with `keptText`
   * (an i18n key) while one is stored, and sends only what is typed.
   */
  secret?: { flag: string; keptText: string };
  /** A boolean that at most one record has set: setting it on one unsets it on the others. */
  oneDefault?: boolean;
  /** Shown in the form only while another field holds one of these values (e.g. OAuth settings). */
  shownWhen?: { field: string; values: readonly (string | boolean)[] };
}

/**
 * A many-to-many block of the record (a site's clients, property managers, site contacts): rows of
 * a reference to another resource plus an optional lead flag. Every row needs a selection.
 */
export interface RelationDef {
  /** Key on the wire (details answer, create/update body) and the block's name. */
  name: string;
  /** Link table inside the brand schema: (owner id, ref) with `is_lead` when `lead`. */
  table: string;
  /** Referenced resource and its id column (the link table's column of the same name). */
  reference: string;
  refField: string;
  lead?: boolean;
  label: string;
  /** SPEC.md's named action that replaces the block: POST /api/{name}/{id}/{action} { _bulk: rows }. */
  action?: string;
  /** Lists show a column `{name}_names`: the linked records' titles, lead first. */
  listSummary?: boolean;
  /** Only referenced records matching this filter are offered (e.g. contacts of type CLIENT). */
  choiceFilter?: Record<string, unknown>;
}

/** A panel on the item page listing records of another resource that point to this one. */
export interface RelatedDef {
  resource: string;
  /** Filter key of the other resource that takes this record's id. */
  filterKey: string;
  label: string;
}

export interface ResourceDef {
  /** API group name: GET /api/{name}/list ... */
  name: string;
  /** Table inside each brand schema. */
  table: string;
  /** Primary key column, e.g. de_id. */
  idField: string;
  /** i18n keys of the singular and plural names. */
  label: { one: string; many: string };
  fields: readonly FieldDef[];
  /** SPA routes: list path and item path (the item path takes /{id}; without an id it creates). */
  listPath: string;
  itemPath: string;
  /** Who may read, and which features must be on. Enforced by SPA and server alike. */
  gate: Gate;
  /** Who may create, update and delete (defaults to the read gate's roles). */
  writeRoles?: readonly RoleGate[];
  /** Default sort: 'field' ascending, '-field' descending. */
  defaultSort: string;
  pageSize: number;
  /** The field shown when another record refers to this one. */
  titleField: string;
  /**
   * Set when the area serves its own routes under SPEC.md's action names (users/addUser ...): the
   * server engine then registers nothing for it, and the SPA posts `{ [idField], ...changes }`
   * to `{name}/{action}` instead of the plain CRUD shape.
   */
  actions?: { create: string; update: string; delete: string };
  /** A feature that must be on for deleting (users: auth.userDelete); the SPA hides delete without it. */
  deleteFeature?: string;
  /**
   * A generated, lower-cased column holding the searchable fields' text (with one trigram index):
   * free text then searches it with one LIKE instead of an OR over the columns.
   */
  searchColumn?: string;
  relations?: readonly RelationDef[];
  related?: readonly RelatedDef[];
}
