/**
 * Pickers of reference records (clients, sites, property managers, suppliers ...) that search the
 * server as the user types: the options are the server's matches, never a list filtered here.
 */
import { useCallback, useMemo, useState, type HTMLAttributes, type Key } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import type { Reference } from './references';
import { useReferenceOptions, type PickOption } from './useReferenceOptions';

interface Common {
  reference: Reference;
  label: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number | string;
  helperText?: string;
  error?: boolean;
  /** Names the record already carries (a job's co_name ...): shown without asking the server. */
  known?: PickOption[];
}

// MUI resets the typed text whenever these or the value change identity: they stay the same objects.
const FIXED = {
  // The server has filtered the options already.
  filterOptions: (options: PickOption[]) => options,
  isOptionEqualToValue: (a: PickOption, b: PickOption) => a.id === b.id,
  getOptionLabel: (o: PickOption) => o.name,
};

/** The typed text (not the chosen option's label MUI writes back into the box) and whether the list is open. */
function useSearchState() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const onOpen = useCallback(() => setOpen(true), []);
  const onClose = useCallback(() => {
    setOpen(false);
    setText('');
  }, []);
  const onInputChange = useCallback((_: unknown, value: string, reason: string) => setText(reason === 'input' ? value : ''), []);
  return { open, text, props: { ...FIXED, open, onOpen, onClose, onInputChange } };
}

/** The chosen options, the same array while the ids and their names stay the same. */
function useChosen(ids: number[], optionOf: (id: number) => PickOption): PickOption[] {
  const chosen = ids.map(optionOf);
  const key = JSON.stringify(chosen);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds every id and name
  return useMemo(() => chosen, [key]);
}

/** The "New ..." entry after the matches: its id is never a record's (ids start at 1). */
const CREATE_ID = -1;

/** Offers to create a record from the picker (the job form's "New client"); gets what was typed. */
export interface PickerCreate {
  label: string;
  onCreate: (typed: string) => void;
}

function renderWithCreate(props: HTMLAttributes<HTMLLIElement> & { key?: Key }, option: PickOption) {
  const { key, ...rest } = props;
  return (
    <li key={key} {...rest}>
      {option.id === CREATE_ID && <AddIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />}
      {option.name}
    </li>
  );
}

function useTexts(problem: string | null, loading: boolean) {
  const translate = useTranslate();
  return {
    loading,
    loadingText: translate('ra.page.loading'),
    noOptionsText: translate(problem ?? 'ra.navigation.no_results'),
  };
}

export function ReferencePicker({
  reference,
  label,
  value,
  onChange,
  disabled,
  size = 'small',
  minWidth = 220,
  helperText,
  error,
  known,
  create,
}: Common & { value: number | null; onChange: (id: number | null) => void; create?: PickerCreate }) {
  const search = useSearchState();
  const ids = value === null ? [] : [value];
  const { options, optionOf, loading, problem } = useReferenceOptions({ reference, ids, open: search.open, text: search.text, known });
  const [selected = null] = useChosen(ids, optionOf);
  // Offered also when nothing matches; not while the text is too short, so that hint stays visible.
  const offered = create && !problem ? [...options, { id: CREATE_ID, name: create.label }] : options;
  return (
    <Autocomplete<PickOption>
      {...search.props}
      {...useTexts(problem, loading)}
      size={size}
      sx={{ width: minWidth }}
      options={offered}
      value={selected}
      disabled={disabled}
      onChange={(_, o) => (o?.id === CREATE_ID ? create?.onCreate(search.text) : onChange(o ? o.id : null))}
      renderOption={create ? renderWithCreate : undefined}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}

export function ReferencesPicker({
  reference,
  label,
  value,
  onChange,
  disabled,
  size = 'small',
  minWidth = 220,
  known,
}: Common & { value: number[]; onChange: (ids: number[]) => void }) {
  const search = useSearchState();
  const { options, optionOf, loading, problem } = useReferenceOptions({ reference, ids: value, open: search.open, text: search.text, known });
  const selected = useChosen(value, optionOf);
  return (
    <Autocomplete<PickOption, true>
      {...search.props}
      {...useTexts(problem, loading)}
      multiple
      size={size}
      sx={{ width: minWidth }}
      options={options}
      value={selected}
      disabled={disabled}
      onChange={(_, list) => onChange(list.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
