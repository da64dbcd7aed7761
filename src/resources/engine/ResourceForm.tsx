/** Create and edit form of a definition, validated with the shared yup schema. */
import { DeleteButton, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FieldInput } from './FieldInput';
import { useCanDelete } from './useCanWrite';
import { RelationInput } from './RelationInput';
import { KEEP_TYPED_VALUES, defaultValuesOf, resolverOf } from './formValues';
import type { ResourceDef } from '../../../core/resources/engine/types';

interface Props {
  def: ResourceDef;
  mode: 'create' | 'update';
  writable: boolean;
}

function FormToolbar({ def, mode }: { def: ResourceDef; mode: Props['mode'] }) {
  const deletable = useCanDelete(def);
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {mode === 'update' && deletable && <DeleteButton mutationMode="pessimistic" redirect={() => def.listPath} />}
    </Toolbar>
  );
}

export function ResourceForm({ def, mode, writable }: Props) {
  const translate = useTranslate();
  // Server-written fields mean nothing before the record exists.
  const fields = def.fields.filter((f) => mode === 'update' || !f.readOnly);
  return (
    <SimpleForm
      resolver={resolverOf(def, mode)}
      defaultValues={mode === 'create' ? defaultValuesOf(def) : undefined}
      resetOptions={mode === 'create' ? KEEP_TYPED_VALUES : undefined}
      toolbar={writable ? <FormToolbar def={def} mode={mode} /> : false}
      sx={{ maxWidth: 720 }}
      // The browser's own email check would block the submit and hide 'Invalid email' (SPEC.md point 5).
      noValidate
    >
      {!writable && <Alert severity="info">{translate('engine.readOnly')}</Alert>}
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} readOnly={!writable} />
      ))}
      {(def.relations ?? []).map((rel) => (
        <RelationInput key={rel.name} rel={rel} readOnly={!writable} />
      ))}
    </SimpleForm>
  );
}
