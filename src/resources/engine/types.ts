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
}
