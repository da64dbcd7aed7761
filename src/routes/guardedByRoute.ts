/**
 * Props for react-admin's List, Create and Edit on a routed page: GuardedPage decided access before
 * the page rendered (and the server checks every call). react-admin's own check would swap the
 * screen for a loader while its query runs, unmounting the list's search or the form just shown,
 * so what the user typed there was lost.
 */
export const GUARDED_BY_ROUTE = { disableAuthentication: true } as const;
