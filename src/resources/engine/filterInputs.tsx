/** List filters of the fields marked `filter`, always shown (the free-text search is SearchBox). */
import { AutocompleteInput, NullableBooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { findResource } from '../../../core/resources/definitions';
import type { ResourceDef } from '../../../core/resources/engine/types';
import { choiceOptions } from '../../../core/resources/engine/choices';

export function filterInputs(def: ResourceDef) {
  return def.fields
    .filter((f) => f.filter)
    .map((field) => {
      const key = field.name;
      const common = { source: field.name, label: field.label, alwaysOn: true };
      switch (field.type) {
        case 'boolean':
          return <NullableBooleanInput key={key} {...common} />;
        case 'number':
        case 'money':
          return <NumberInput key={key} {...common} />;
        case 'select':
          return <SelectInput key={key} {...common} choices={choiceOptions(field)} />;
        case 'reference':
          return (
            <ReferenceInput key={key} {...common} reference={field.reference ?? ''}>
              <AutocompleteInput label={field.label} optionText={findResource(field.reference ?? '')?.titleField ?? 'id'} />
            </ReferenceInput>
          );
        default:
          return <TextInput key={key} {...common} />;
      }
    });
}
