/**
 * react-admin's DataTable row with a row checkbox screen readers can name: the stock one puts its
 * aria-label on MUI's wrapping span, so the checkbox input has no name (axe: label, critical) and
 * the span carries a label it may not have (aria-prohibited-attr). This row renders react-admin's
 * own row without its checkbox cell and puts a checkbox of its own, named on the input, in its place.
 */
import { Checkbox, TableCell } from '@mui/material';
import { forwardRef, memo, useMemo, type MouseEvent } from 'react';
import {
  DataTableConfigContext,
  DataTableRow,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useRecordContext,
  useTranslate,
  type DataTableRowProps,
} from 'react-admin';

function SelectRowCheckbox() {
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) throw new Error('SelectRowCheckbox needs a record context');
  const selectable = !isRowSelectable || isRowSelectable(record);
  const name = translate('ra.action.select_row', { _: 'Select this row' });
  return (
    <Checkbox
      slotProps={{ input: { 'aria-label': name } }}
      color="primary"
      className="select-item RaDataTable-checkbox"
      checked={selectable && !!selectedIds?.includes(record.id)}
      disabled={!selectable}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (!selectable || !handleToggleItem) return;
        handleToggleItem(record.id, event);
        event.stopPropagation();
      }}
    />
  );
}

export const AccessibleDataTableRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function AccessibleDataTableRow({ children, ...rest }, ref) {
    const config = useDataTableConfigContext();
    const { handleToggleItem } = useDataTableCallbacksContext();
    const withCheckbox = config.hasBulkActions && !!handleToggleItem;
    const withoutStockCheckbox = useMemo(() => ({ ...config, hasBulkActions: false }), [config]);
    return (
      <DataTableConfigContext.Provider value={withoutStockCheckbox}>
        <DataTableRow ref={ref} {...rest}>
          {withCheckbox && (
            <TableCell padding="checkbox">
              <SelectRowCheckbox />
            </TableCell>
          )}
          {children}
        </DataTableRow>
      </DataTableConfigContext.Provider>
    );
  }),
);
