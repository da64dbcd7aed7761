/**
 * The parts of the user page that are actions rather than fields: hide or unhide, set a password,
 * and the assignment pickers (default operators, property managers, client contacts).
 */
import { useState } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api } from '../dataProvider/apiClient';
import { refreshPreloaded, type PreloadName } from '../preload/preloadStore';
import { isPreloadable, usePreloaded } from '../preload/usePreloaded';
import { findResource } from '../../core/resources/definitions';

type Row = Record<string, unknown>;

async function post(action: string, body: Row): Promise<boolean> {
  try {
    await api(`users/${action}`, { method: 'POST', body, resource: 'users' });
    void refreshPreloaded('users');
    return true;
  } catch {
    // The fetch wrapper has shown and stored the refusal.
    return false;
  }
}

function HideAndPassword({ usId, hidden }: { usId: number; hidden: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [password, setPassword] = useState('');
  return (
    <Stack spacing={2}>
      {hidden && <Chip color="warning" label={translate('users.hiddenNotice')} sx={{ alignSelf: 'flex-start' }} />}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={async () => (await post('setIsHiddenStatus', { us_id: usId, is_hidden: !hidden })) && refresh()}
      >
        {translate(hidden ? 'users.unhide' : 'users.hide')}
      </Button>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          id="user-new-password"
          type="password"
          autoComplete="new-password"
          size="small"
          label={translate('users.newPassword')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button variant="outlined" onClick={async () => (await post('setPassword', { us_id: usId, password })) && setPassword('')}>
          {translate('users.setPassword')}
        </Button>
      </Stack>
    </Stack>
  );
}

interface PickerProps {
  usId: number;
  action: string;
  label: string;
  source: PreloadName;
  idField: string;
  titleField: string;
  selected: number[];
  /** Only these options may be assigned (client contacts are contacts of type CLIENT). */
  accept?: (row: Row) => boolean;
}

function AssignmentPicker({ usId, action, label, source, idField, titleField, selected, accept }: PickerProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const options = (usePreloaded<Row[]>(source) ?? []).filter((row) => !accept || accept(row));
  const [ids, setIds] = useState<number[] | null>(null);
  const current = ids ?? selected;
  const byId = new Map(options.map((o) => [Number(o[idField]), o]));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Autocomplete
        multiple
        sx={{ flex: 1 }}
        options={options.map((o) => Number(o[idField]))}
        value={current}
        getOptionLabel={(id) => String(byId.get(id)?.[titleField] ?? `#${id}`)}
        onChange={(_, value) => setIds(value)}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      <Button variant="outlined" disabled={ids === null} onClick={async () => (await post(action, { us_id: usId, ids: current })) && (setIds(null), refresh())}>
        {translate('users.saveAssignments')}
      </Button>
    </Stack>
  );
}

export function UserExtras() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const usId = Number(record.us_id);
  const list = (key: string) => (Array.isArray(record[key]) ? (record[key] as number[]) : []);
  const pm = findResource('propertymanagers');
  const co = findResource('contacts');
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <HideAndPassword usId={usId} hidden={!!record.is_hidden} />
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('users.assignments')}
          </Typography>
          <Stack spacing={2}>
            <AssignmentPicker
              usId={usId}
              action="assingdefaultoperators"
              label={translate('users.defaultOperators')}
              source="operators"
              idField="us_id"
              titleField="fullname"
              selected={list('default_operators')}
            />
            {pm && isPreloadable('propertymanagers') && (
              <AssignmentPicker
                usId={usId}
                action="assingpropertymanagers"
                label={translate('users.propertyManagers')}
                source="propertymanagers"
                idField={pm.idField}
                titleField={pm.titleField}
                selected={list('property_managers')}
              />
            )}
            {co && isPreloadable('contacts') && (
              <AssignmentPicker
                usId={usId}
                action="assingclientcontacts"
                label={translate('users.clientContacts')}
                source="contacts"
                idField={co.idField}
                titleField={co.titleField}
                selected={list('client_contacts')}
                accept={(row) => row.co_type === 'CLIENT'}
              />
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
