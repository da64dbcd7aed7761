/** The list column of one field, chosen by its type. */
import { BooleanField, DataTable, NumberField, ReferenceField, SelectField, TextField } from 'react-admin';
import { Box } from '@mui/material';
import { findResource } from '../../../core/resources/definitions';
import { choiceOptions } from '../../../core/resources/engine/choices';
import { formatWireDate } from './dateText';
import { Swatch } from './Swatch';
import type { FieldDef } from '../../../core/resources/engine/types';

export function fieldColumn(field: FieldDef, dateFormat?: string) {
  const key = field.name;
  const common = { source: field.name, label: field.label, disableSort: !field.sortable };
  switch (field.type) {
    case 'boolean':
      return <DataTable.Col key={key} {...common} field={BooleanField} />;
    case 'number':
    case 'money':
      return <DataTable.Col key={key} {...common} field={NumberField} />;
    case 'date':
      return <DataTable.Col key={key} {...common} render={(record) => formatWireDate(record[field.name], dateFormat)} />;
    case 'color':
      return (
        <DataTable.Col
          key={key}
          {...common}
          render={(record) => (
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
              <Swatch color={record[field.name]} />
              {String(record[field.name] ?? '')}
            </Box>
          )}
        />
      );
    case 'select':
      return (
        <DataTable.Col key={key} {...common}>
          <SelectField source={field.name} choices={choiceOptions(field)} />
        </DataTable.Col>
      );
    case 'reference': {
      const target = field.reference ? findResource(field.reference) : undefined;
      return (
        <DataTable.Col key={key} {...common}>
          <ReferenceField source={field.name} reference={field.reference ?? ''} link={false}>
            <TextField source={target?.titleField ?? 'id'} />
          </ReferenceField>
        </DataTable.Col>
      );
    }
    default:
      return <DataTable.Col key={key} {...common} field={TextField} />;
  }
}
