/**
 * A row's tax rate: a choice among the brand's visible tax rates when it has any ("20% (VAT on
 * Income) (20%)"), otherwise the numeric input it always was. The row keeps the rate's number;
 * a stored rate no choice has stays as an "other" option until changed.
 */
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { choiceFor, rateText, useTaxRateChoices } from './taxChoice';

export interface TaxRateInputProps {
  value: string;
  onChange: (rate: string) => void;
  /** The numeric input shown when the brand has no tax rates (its props as the row had them). */
  numeric: TextFieldProps;
  /** Accessible name of the choice. */
  ariaLabel: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  label?: string;
  variant?: TextFieldProps['variant'];
}

const OTHER = 'other';

export function TaxRateInput({ value, onChange, numeric, ariaLabel, disabled, error, helperText, label, variant }: TaxRateInputProps) {
  const choices = useTaxRateChoices();
  const translate = useTranslate();
  const [picked, setPicked] = useState<number | null>(null);
  if (choices.length === 0) return <TextField {...numeric} />;
  const shown = choiceFor(choices, value, picked);
  return (
    <TextField
      select
      size="small"
      variant={variant}
      label={label}
      value={shown ? String(shown.xtr_id) : OTHER}
      disabled={disabled}
      error={error}
      helperText={helperText}
      onChange={(e) => {
        const choice = choices.find((c) => String(c.xtr_id) === e.target.value);
        if (!choice) return;
        setPicked(choice.xtr_id);
        onChange(rateText(choice.effective_rate));
      }}
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': ariaLabel } } }}
      sx={{ minWidth: 160 }}
    >
      {choices.map((c) => (
        <MenuItem key={c.xtr_id} value={String(c.xtr_id)}>
          {translate('accounting.taxChoiceOption', { name: c.name, rate: rateText(c.effective_rate) })}
        </MenuItem>
      ))}
      {!shown && (
        <MenuItem value={OTHER} disabled>
          {translate('accounting.otherRate', { rate: value })}
        </MenuItem>
      )}
    </TextField>
  );
}
