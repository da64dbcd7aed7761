/**
 * The job's engineers with exactly one lead. An engineer goes to a site, so adding one before a
 * site is chosen is refused on the spot with 'Select a Site first!'.
 */
import { useState } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Radio, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { ReferencePicker } from '../../pickers/ReferencePicker';
import { REFERENCES } from '../../pickers/references';
import { useReferenceOptions, type PickOption } from '../../pickers/useReferenceOptions';
import { addEngineer, makeLead, removeEngineer, type JobFormValues } from './jobForm';

interface Props {
  value: JobFormValues['engineers'];
  onChange: (list: JobFormValues['engineers']) => void;
  /** Names the job already carries: shown without asking the server. */
  known: PickOption[];
  hasSite: boolean;
  readOnly: boolean;
  problem?: string;
}

export function EngineersInput({ value, onChange, known, hasSite, readOnly, problem }: Props) {
  const translate = useTranslate();
  const [pick, setPick] = useState<number | null>(null);
  const [siteMissing, setSiteMissing] = useState(false);
  // The names of engineers added here come from the server by id (the picker's search found them).
  const { optionOf } = useReferenceOptions({ reference: REFERENCES.engineer, ids: value.map((e) => e.us_id), open: false, text: '', known });
  const label = (id: number) => optionOf(id).name;

  function add() {
    if (!hasSite) {
      setSiteMissing(true);
      return;
    }
    setSiteMissing(false);
    if (pick !== null) onChange(addEngineer(value, pick));
    setPick(null);
  }

  const shown = siteMissing && !hasSite ? 'jobs.errors.selectSiteFirst' : problem;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={translate('jobs.fields.engineers')}>
      <Typography variant="subtitle2" component="legend">
        {translate('jobs.fields.engineers')}
      </Typography>
      <List dense disablePadding>
        {value.map((e) => (
          <ListItem
            key={e.us_id}
            disableGutters
            secondaryAction={
              !readOnly && (
                <IconButton
                  edge="end"
                  aria-label={`${translate('jobs.item.removeEngineer')}: ${label(e.us_id)}`}
                  onClick={() => onChange(removeEngineer(value, e.us_id))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )
            }
          >
            <Tooltip title={translate('jobs.fields.lead')}>
              <Radio
                size="small"
                checked={e.is_lead}
                disabled={readOnly}
                onChange={() => onChange(makeLead(value, e.us_id))}
                slotProps={{ input: { 'aria-label': `${translate('jobs.fields.lead')}: ${label(e.us_id)}` } }}
              />
            </Tooltip>
            <ListItemText primary={label(e.us_id)} />
          </ListItem>
        ))}
      </List>
      {!readOnly && (
        <Stack direction="row" spacing={1} alignItems="center">
          <ReferencePicker reference={REFERENCES.engineer} label={translate('jobs.fields.engineer')} value={pick} onChange={setPick} />
          <Button onClick={add}>{translate('jobs.item.addEngineer')}</Button>
        </Stack>
      )}
      {shown && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate(shown)}
        </Alert>
      )}
    </Box>
  );
}
