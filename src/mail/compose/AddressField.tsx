/**
 * To / Cc / Bcc: addresses as chips, typed or picked from the contact manager's suggestions. A
 * typed entry that is not an address is refused with 'Invalid email format!' and kept for fixing.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useBrand } from '../../brand/BrandContext';
import { checkAddressInput, formatAddress, parseAddressList, type MailAddress } from '../../../core/mail/compose/addresses';
import { useComposeProvider } from './composeProvider';
import type { Suggestion } from './types';
import { searchableText } from '../../../core/lists/search';

export interface AddressFieldProps {
  label: string;
  value: MailAddress[];
  onChange: (next: MailAddress[]) => void;
  disabled?: boolean;
}

export function AddressField({ label, value, onChange, disabled }: AddressFieldProps) {
  const translate = useTranslate();
  const brand = useBrand();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggest = !!brand.features.mail?.contactManager;
  const provider = useComposeProvider();
  // Asks once the user paused typing for a moment, not on every key.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(searchableText(input) ?? ''), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const options =
    useQuery({
      queryKey: ['compose', 'suggest', asked],
      queryFn: ({ signal }) => provider.composeSuggest(asked, signal).catch((): Suggestion[] => []),
      enabled: suggest && !!asked && asked === (searchableText(input) ?? ''),
      retry: false,
    }).data ?? [];

  /** Adds typed text; answers false (and says why) when an entry is not an address. */
  const addTyped = (text: string): boolean => {
    const entries = parseAddressList(text);
    if (entries.length === 0) return true;
    const bad = entries.find((e) => checkAddressInput(formatAddress(e)) !== null);
    if (bad) {
      setError(translate('mailCompose.errors.format'));
      return false;
    }
    const known = new Set(value.map((a) => a.address.toLowerCase()));
    onChange([...value, ...entries.filter((e) => !known.has(e.address.toLowerCase()))]);
    setError(null);
    setInput('');
    return true;
  };

  return (
    <Autocomplete<MailAddress | Suggestion | string, true, false, true>
      multiple
      freeSolo
      disabled={disabled}
      options={options}
      value={value}
      inputValue={input}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : formatAddress(o))}
      isOptionEqualToValue={(a, b) => typeof a !== 'string' && typeof b !== 'string' && a.address.toLowerCase() === b.address.toLowerCase()}
      onInputChange={(_, v, reason) => {
        if (reason !== 'reset') setInput(v);
        if (error) setError(null);
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') {
          const typed = next.find((v): v is string => typeof v === 'string') ?? '';
          addTyped(typed);
          return;
        }
        onChange(next.filter((v): v is MailAddress => typeof v !== 'string').map((a) => ({ name: a.name, address: a.address })));
        setInput('');
      }}
      renderValue={(list, getItemProps) =>
        list.map((a, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={typeof a === 'string' ? a : formatAddress(a)} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={!!error}
          helperText={error ?? undefined}
          placeholder={value.length ? undefined : translate('mailCompose.page.addAddress')}
          onBlur={() => {
            if (input.trim()) addTyped(input);
          }}
        />
      )}
    />
  );
}
