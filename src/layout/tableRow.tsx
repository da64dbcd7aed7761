/**
 * The row every react-admin DataTable uses (set in theme.ts): AccessibleDataTableRow, loaded with
 * the first table so the login page does not carry react-admin's DataTable row. The rows wait for
 * it in a boundary of their own: suspending in the page's boundary instead would hide the whole
 * page for a moment when the first rows arrive, and the search box the user was typing in would
 * lose its focus and the keys typed.
 */
import { lazy, Suspense } from 'react';
import type { DataTableRowProps } from 'react-admin';

const AccessibleDataTableRow = lazy(() => import('./AccessibleDataTableRow').then((m) => ({ default: m.AccessibleDataTableRow })));

export function TableRow(props: DataTableRowProps) {
  return (
    <Suspense fallback={null}>
      <AccessibleDataTableRow {...props} />
    </Suspense>
  );
}
