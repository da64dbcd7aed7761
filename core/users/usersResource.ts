/**
 * Users as a resource of the generic engine (list, filter, details, form fields). Their writes go
 * through SPEC.md's named actions (users/addUser, updateUser, deleteUser), which also handle the
 * password, the role rules and the last-admin guard.
 */
import { ADMINS, ROLES } from '../access/roles';
import type { ResourceDef } from '../resources/engine/types';

const f = (name: string) => `users.fields.${name}`;

export const users: ResourceDef = {
  name: 'users',
  table: 'users',
  idField: 'us_id',
  label: { one: 'users.one', many: 'users.many' },
  listPath: '/admin/users',
  itemPath: '/admin/user',
  gate: { roles: ADMINS },
  defaultSort: 'fullname',
  pageSize: 20,
  titleField: 'fullname',
  actions: { create: 'addUser', update: 'updateUser', delete: 'deleteUser' },
  deleteFeature: 'auth.userDelete',
  fields: [
    { name: 'us_id', type: 'number', label: f('us_id'), readOnly: true, list: true, sortable: true },
    { name: 'fullname', type: 'text', label: f('fullname'), readOnly: true, list: true, sortable: true, searchable: true },
    { name: 'email', type: 'email', label: f('email'), required: true, max: 100, list: true, sortable: true, filter: true, searchable: true },
    { name: 'role', type: 'select', label: f('role'), required: true, choices: ROLES, list: true, sortable: true, filter: true },
    { name: 'firstname', type: 'text', label: f('firstname'), required: true, max: 100, sortable: true, searchable: true },
    { name: 'surname', type: 'text', label: f('surname'), required: true, max: 100, sortable: true, searchable: true },
    { name: 'nickname', type: 'text', label: f('nickname'), max: 100, searchable: true },
    { name: 'is_hidden', type: 'boolean', label: f('is_hidden'), readOnly: true, list: true, filter: true, sortable: true },
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, list: true, sortable: true },
  ],
};
