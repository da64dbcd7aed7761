/**
 * A sales row's item code: where the brand has accounting, the box offers the brand's visible
 * items as the user types (GET xeroitems/choices, after a short pause, only while the list is
 * open); picking one fills the code and, on a row without a description yet, the item's
 * description (else its name), and on a row without a price yet, the item's sales price. Any other code may still be typed: a code Xero does not know is
 * simply not sent as ItemCode. Without accounting it is the plain text box it always was.
 */
import { Autocomplete, TextField, type TextFieldProps } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { XERO_DOCUMENT_GATE, type ItemChoice } from '../../core/accounting/constants';
import { useAllowed } from '../jobs/sheet/options';
import { useDebounced } from '../util/useDebounced';
import { useAccountingProvider } from './accountingProvider';

export interface ItemCodeInputProps {
  value: string;
  /** The typed code. */
  onChange: (code: string) => void;
  /** A chosen item. */
  onPick: (item: ItemChoice) => void;
  /** The plain text box shown when the brand has no accounting (its props as the row had them). */
  plain: TextFieldProps;
  ariaLabel: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/** What a picked item writes into a row's description: kept when the row has one already. */
export function descriptionFor(item: ItemChoice, current: string): string {
  return current.trim() ? current : (item.description ?? '').trim() || item.name;
}

/** What a picked item writes into a row's unit price: its price while the row has none (empty or 0) yet. */
export function priceFor(item: ItemChoice, current: string): string {
  const unset = current.trim() === '' || Number(current) === 0;
  return unset && item.unit_price !== null ? item.unit_price.toFixed(2) : current;
}

const optionLabel = (o: ItemChoice | string) => (typeof o === 'string' ? o : o.code);

export function ItemCodeInput(props: ItemCodeInputProps) {
  const allowed = useAllowed(XERO_DOCUMENT_GATE);
  if (!allowed) return <TextField {...props.plain} />;
  return <ItemCodePicker {...props} />;
}

function ItemCodePicker({ value, onChange, onPick, ariaLabel, disabled, error, helperText }: ItemCodeInputProps) {
  const translate = useTranslate();
  const provider = useAccountingProvider();
  const [open, setOpen] = useState(false);
  const typed = useDebounced(value.trim());
  const choices = useQuery({
    queryKey: ['xeroitems', 'choices', typed],
    queryFn: ({ signal }) => provider.itemChoices(typed, signal),
    enabled: open && !disabled,
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete<ItemChoice, false, false, true>
      freeSolo
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={choices.data ?? []}
      // The server has matched the options already.
      filterOptions={(options) => options}
      getOptionLabel={optionLabel}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.xi_id)}
      value={null}
      inputValue={value}
      onInputChange={(_, text, reason) => {
        // 'reset' is MUI writing a picked option's label back: onChange has set the code already.
        if (reason === 'input' || reason === 'clear') onChange(text);
      }}
      onChange={(_, picked) => {
        if (picked && typeof picked !== 'string') onPick(picked);
      }}
      loading={choices.isFetching}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('ra.navigation.no_results')}
      renderOption={({ key, ...rest }, o) => (
        <li key={key} {...rest}>
          {translate('accounting.itemChoiceOption', { code: o.code, name: o.name })}
        </li>
      )}
      sx={{ minWidth: 140 }}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': ariaLabel } }}
        />
      )}
    />
  );
}
