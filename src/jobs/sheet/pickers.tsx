/** Labelled pickers used by the sheet's filters and the job form: one id, several ids, several codes. */
import { Autocomplete, TextField } from '@mui/material';
import type { Option } from './options';

interface Common {
  label: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
  helperText?: string;
  error?: boolean;
}

export function IdPicker({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'small',
  minWidth = 220,
  helperText,
  error,
  knownName,
}: Common & { options: Option[]; value: number | null; onChange: (id: number | null) => void; knownName?: Option | null }) {
  // A stored id whose name is not among the options still shows (by the name the record carries, else
  // its number) instead of vanishing.
  const fallback = (id: number) => (knownName && knownName.id === id ? knownName : { id, name: `#${id}` });
  const selected = value === null ? null : (options.find((o) => o.id === value) ?? fallback(value));
  return (
    <Autocomplete
      size={size}
      sx={{ width: minWidth }}
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, o) => onChange(o ? o.id : null)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}

export function IdsPicker({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'small',
  minWidth = 220,
}: Common & { options: Option[]; value: number[]; onChange: (ids: number[]) => void }) {
  const selected = value.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      size={size}
      sx={{ width: minWidth }}
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, list) => onChange(list.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function CodesPicker<T extends string>({
  label,
  codes,
  value,
  onChange,
  labelOf,
  disabled,
  size = 'small',
  minWidth = 220,
}: Common & { codes: readonly T[]; value: T[]; onChange: (codes: T[]) => void; labelOf: (code: T) => string }) {
  return (
    <Autocomplete
      multiple
      size={size}
      sx={{ width: minWidth }}
      options={[...codes]}
      value={value}
      disabled={disabled}
      getOptionLabel={labelOf}
      onChange={(_, list) => onChange(list)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
