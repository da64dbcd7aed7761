/**
 * One relation block of a form (a site's clients, property managers or site contacts): a row per
 * linked record with an optional lead flag. The shared schema refuses a row without a selection
 * ('Select a ... in each row, or delete the empty row'); the block is flagged while any row fails.
 */
import { ArrayInput, AutocompleteInput, BooleanInput, ReferenceInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Alert, Box, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { findResource } from '../../../core/resources/definitions';
import { searchFilter } from './searchQuery';
import type { RelationDef } from '../../../core/resources/engine/types';

export function RelationInput({ rel, readOnly }: { rel: RelationDef; readOnly: boolean }) {
  const translate = useTranslate();
  const { errors, isSubmitted } = useFormState({ name: rel.name });
  const hasError = isSubmitted && !!errors[rel.name];
  const target = findResource(rel.reference);
  const title = translate(rel.label);
  return (
    <Box
      component="fieldset"
      aria-label={title}
      data-testid={`relation-${rel.name}`}
      data-error={hasError ? 'true' : 'false'}
      sx={{ width: '100%', m: 0, mb: 2, px: 1.5, pb: 1, border: 1, borderRadius: 1, borderColor: hasError ? 'error.main' : 'divider' }}
    >
      <Typography
        component="legend"
        variant="subtitle2"
        color={hasError ? 'error' : 'textPrimary'}
        sx={{ px: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        {title}
        {hasError && <ErrorOutlineIcon fontSize="small" aria-hidden />}
      </Typography>
      {hasError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('referenceData.blockError')}
        </Alert>
      )}
      <ArrayInput source={rel.name} label={false} helperText={false}>
        <SimpleFormIterator inline disableReordering disableClear disableAdd={readOnly} disableRemove={readOnly} fullWidth>
          <ReferenceInput
            source={rel.refField}
            reference={rel.reference}
            filter={rel.choiceFilter}
            sort={target ? { field: target.titleField, order: 'ASC' } : undefined}
          >
            <AutocompleteInput
              label={target?.label.one ?? rel.reference}
              optionText={target?.titleField ?? 'id'}
              filterToQuery={searchFilter}
              readOnly={readOnly}
              sx={{ minWidth: 260 }}
            />
          </ReferenceInput>
          {rel.lead && <BooleanInput source="is_lead" label="referenceData.lead" readOnly={readOnly} helperText={false} />}
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}
