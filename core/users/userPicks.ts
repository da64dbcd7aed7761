/**
 * The users a staff member picks (engineers, operators, staff, customers) as searchable lists:
 * POST users/{list}/filter on the server, the pickers' getList/getMany in the browser. Not engine
 * screens: they have no pages, only the definition's fields, gate and search.
 */
import { OPERATOR_GROUP, STAFF, type Role } from '../access/roles';
import type { ResourceDef } from '../resources/engine/types';
import { users } from './usersResource';

/** Who each pick list holds (docs/CONTRACT-NOTES.md): visible users of these roles. */
export const PICK_LISTS = {
  engineers: ['Engineer'],
  operators: OPERATOR_GROUP,
  bemworkers: STAFF,
  customers: ['Customer'],
} as const satisfies Record<string, readonly Role[]>;

export type PickList = keyof typeof PICK_LISTS;

const PICK_FIELDS = ['us_id', 'fullname', 'firstname', 'surname', 'nickname', 'email', 'role'];

export const userPickResource = (list: PickList): ResourceDef => ({
  ...users,
  name: `users/${list}`,
  listPath: '',
  itemPath: '',
  gate: { roles: STAFF },
  actions: undefined,
  fields: users.fields.filter((f) => PICK_FIELDS.includes(f.name)),
});

export const USER_PICK_RESOURCES: readonly ResourceDef[] = (Object.keys(PICK_LISTS) as PickList[]).map(userPickResource);
