/**
 * What a feature adds to a resource's generic list (beside itemPanels.ts for the item page):
 * buttons beside the search box, and columns it draws itself in place of the engine's for a field.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { FieldDef } from '../../core/resources/engine/types';
import { ContactSyncButton, SyncButton } from '../accounting/SyncButton';
import { taxRateColumns } from '../accounting/TaxRateColumns';

export interface ListExtras {
  Actions?: ComponentType;
  columns?: Record<string, (field: FieldDef) => ReactElement>;
}

export const LIST_EXTRAS: Record<string, ListExtras> = {
  xerotaxrates: { Actions: () => createElement(SyncButton, { resource: 'xerotaxrates' }), columns: taxRateColumns },
  xeroitems: { Actions: () => createElement(SyncButton, { resource: 'xeroitems' }) },
  contacts: { Actions: ContactSyncButton },
};
