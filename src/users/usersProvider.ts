/**
 * The user page's actions beside the engine's CRUD (server/users): hide or unhide, set a password,
 * save an assignment list. Merged into the app's data provider and used through useUsersProvider().
 * A refusal's notice is shown by the client, so each answers false instead of throwing; a change
 * refreshes the preloaded user lists (engineers, operators...).
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { refreshPreloaded } from '../preload/preloadStore';

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
}

export function usersProvider(client: HttpClient): UsersProvider {
  const post = (action: string, body: Record<string, unknown>) =>
    client(`users/${action}`, { method: 'POST', body, resource: 'users' }).then(
      () => {
        void refreshPreloaded('users');
        return true;
      },
      () => false,
    );
  return {
    setUserHidden: (usId, hidden) => post('setIsHiddenStatus', { us_id: usId, is_hidden: hidden }),
    setUserPassword: (usId, password) => post('setPassword', { us_id: usId, password }),
    saveUserAssignment: (assignment, usId, ids) => post(USER_ASSIGNMENTS[assignment], { us_id: usId, ids }),
  };
}

export const useUsersProvider = () => useDataProvider<DataProvider & UsersProvider>();
