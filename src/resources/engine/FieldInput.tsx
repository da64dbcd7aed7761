/** The form input of one field, chosen by its type. */
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { InputAdornment } from '@mui/material';
import { findResource } from '../../../core/resources/definitions';
import { formatWireDate } from './dateText';
import { WireDateInput } from '../../dates/WireDateInput';
import { searchFilter } from './searchQuery';
import { ColorPreview } from './Swatch';
import type { FieldDef } from '../../../core/resources/engine/types';
import { choiceOptions } from '../../../core/resources/engine/choices';

/** A write-only value: always starts empty (the server never sends it) and says whether one is stored. */
function SecretInput({ field, readOnly }: { field: FieldDef; readOnly: boolean }) {
  const translate = useTranslate();
  const stored = useRecordContext()?.[field.secret!.flag] === true;
  return (
    <PasswordInput
      source={field.name}
      label={field.label}
      readOnly={readOnly}
      fullWidth
      autoComplete="new-password"
      helperText={stored ? translate(field.secret!.keptText) : false}
    />
  );
}

/** A field shown only while another holds one of the given values (OAuth settings under OAuth). */
function ShownWhen({ field, children }: { field: FieldDef; children: ReactNode }) {
  const value: unknown = useWatch({ name: field.shownWhen!.field });
  return field.shownWhen!.values.includes(value as string | boolean) ? children : null;
}

export function FieldInput({ field, readOnly }: { field: FieldDef; readOnly: boolean }) {
  const input = <TypedInput field={field} readOnly={readOnly} />;
  return field.shownWhen ? <ShownWhen field={field}>{input}</ShownWhen> : input;
}

function TypedInput({ field, readOnly }: { field: FieldDef; readOnly: boolean }) {
  if (field.secret) return <SecretInput field={field} readOnly={readOnly} />;
  const common = { source: field.name, label: field.label, readOnly: readOnly || field.readOnly, fullWidth: true };
  switch (field.type) {
    case 'number':
      return <NumberInput {...common} />;
    case 'money':
      return <NumberInput {...common} step={0.01} />;
    case 'boolean':
      return <BooleanInput source={field.name} label={field.label} readOnly={common.readOnly} />;
    case 'date':
      // Server-written timestamps are shown as local date-time text, not as a date picker.
      if (field.readOnly) return <TextInput {...common} format={(v: unknown) => formatWireDate(v)} />;
      return <WireDateInput source={field.name} label={field.label} readOnly={common.readOnly} />;
    case 'select':
      return <SelectInput {...common} choices={choiceOptions(field)} />;
    case 'reference': {
      const target = field.reference ? findResource(field.reference) : undefined;
      return (
        <ReferenceInput source={field.name} reference={field.reference ?? ''}>
          <AutocompleteInput label={field.label} optionText={target?.titleField ?? 'id'} filterToQuery={searchFilter} readOnly={common.readOnly} fullWidth />
        </ReferenceInput>
      );
    }
    case 'longtext':
      return <TextInput {...common} multiline minRows={3} />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'color':
      return (
        <TextInput
          {...common}
          InputProps={{
            startAdornment: (
              <InputAdornment position="start">
                <ColorPreview source={field.name} />
              </InputAdornment>
            ),
          }}
        />
      );
    default:
      return <TextInput {...common} />;
  }
}
