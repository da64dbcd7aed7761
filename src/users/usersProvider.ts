/**
 * The user page's actions beside the engine's CRUD (server/users): hide or unhide, set a password,
 * save an assignment list; and a user's change of their own password (the settings page). Merged into the app's data provider and used through useUsersProvider().
 * A refusal's notice is shown by the client, so each answers false instead of throwing; a change of
 * another user refreshes the preloaded user lists (engineers, operators...).
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';
import { refreshPreloaded } from '../preload/preloadStore';
import { hashPassword } from '../auth/hashPassword';

/** The assignment endpoints, spelled as SPEC.md names them. */
export const USER_ASSIGNMENTS = {
  defaultOperators: 'assingdefaultoperators',
  propertyManagers: 'assingpropertymanagers',
  clientContacts: 'assingclientcontacts',
} as const;
export type UserAssignment = keyof typeof USER_ASSIGNMENTS;

export interface UsersProvider {
  setUserHidden(usId: number, hidden: boolean): Promise<boolean>;
  setUserPassword(usId: number, password: string): Promise<boolean>;
  /** Sends the whole list, which replaces the stored one. */
  saveUserAssignment(assignment: UserAssignment, usId: number, ids: number[]): Promise<boolean>;
  changeOwnPassword(old: string, next: string, again: string): Promise<boolean>;
}

export function usersProvider(client: HttpClient): UsersProvider {
  const send = (action: string, body: Record<string, unknown>) => succeeded(client(`users/${action}`, { method: 'POST', body, resource: 'users' }));
  const change = async (action: string, body: Record<string, unknown>) => {
    const done = await send(action, body);
    if (done) void refreshPreloaded('users');
    return done;
  };
  return {
    setUserHidden: (usId, hidden) => change('setIsHiddenStatus', { us_id: usId, is_hidden: hidden }),
    setUserPassword: (usId, password) => change('setPassword', { us_id: usId, password }),
    saveUserAssignment: (assignment, usId, ids) => change(USER_ASSIGNMENTS[assignment], { us_id: usId, ids }),
    // The old password travels hashed like login's; the server hashes the new one the same way.
    changeOwnPassword: async (old, next, again) =>
      send('changePassword', { old_password: await hashPassword(old), new_password: next, new_password_again: again }),
  };
}

export const useUsersProvider = () => useDataProvider<DataProvider & UsersProvider>();
