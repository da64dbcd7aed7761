/** react-admin's date input for a wire date field: the shared picker; a date-only value is stored as noon (SPEC.md point 9). */
import { useInput, useTranslate } from 'react-admin';
import { dateInputToWire } from '../resources/engine/dateText';
import { DateField } from './DateField';

interface Props {
  source: string;
  label: string;
  readOnly?: boolean;
}

export function WireDateInput({ source, label, readOnly }: Props) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source });
  const error = fieldState.error?.message;
  return (
    <DateField
      label={translate(label, { _: label })}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(day) => field.onChange(dateInputToWire(day))}
      readOnly={readOnly}
      required={isRequired}
      error={!!error}
      helperText={error ? translate(error, { _: error }) : undefined}
      fullWidth
    />
  );
}
