/**
 * The parts of the user page that are actions rather than fields: hide or unhide, set a password,
 * and the assignment pickers (default operators, property managers, client contacts).
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api } from '../dataProvider/apiClient';
import { refreshPreloaded } from '../preload/preloadStore';
import { ReferencesPicker } from '../pickers/ReferencePicker';
import { REFERENCES } from '../pickers/references';
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

interface AssignmentProps {
  usId: number;
  action: string;
  selected: number[];
  picker: (ids: number[], onChange: (ids: number[]) => void) => ReactNode;
}

/** One assignment: the picker the caller gives, and Save, which sends the whole list. */
function Assignment({ usId, action, selected, picker }: AssignmentProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [ids, setIds] = useState<number[] | null>(null);
  const current = ids ?? selected;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Box sx={{ flex: 1 }}>{picker(current, setIds)}</Box>
      <Button variant="outlined" disabled={ids === null} onClick={async () => (await post(action, { us_id: usId, ids: current })) && (setIds(null), refresh())}>
        {translate('users.saveAssignments')}
      </Button>
    </Stack>
  );
}

/** Operators are searched on the server as the admin types, like every pick list of people. */
function OperatorsPicker({ label, value, onChange }: { label: string; value: number[]; onChange: (ids: number[]) => void }) {
  return <ReferencesPicker reference={REFERENCES.operator} label={label} value={value} onChange={onChange} minWidth="100%" size="medium" />;
}

export function UserExtras() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const usId = Number(record.us_id);
  const list = (key: string) => (Array.isArray(record[key]) ? (record[key] as number[]) : []);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <HideAndPassword usId={usId} hidden={!!record.is_hidden} />
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('users.assignments')}
          </Typography>
          <Stack spacing={2}>
            <Assignment
              usId={usId}
              action="assingdefaultoperators"
              selected={list('default_operators')}
              picker={(ids, onChange) => <OperatorsPicker label={translate('users.defaultOperators')} value={ids} onChange={onChange} />}
            />
            {findResource('propertymanagers') && (
              <Assignment
                usId={usId}
                action="assingpropertymanagers"
                selected={list('property_managers')}
                picker={(ids, onChange) => (
                  <ReferencesPicker
                    reference={REFERENCES.propertyManager}
                    label={translate('users.propertyManagers')}
                    value={ids}
                    onChange={onChange}
                    size="medium"
                    minWidth="100%"
                  />
                )}
              />
            )}
            {findResource('contacts') && (
              <Assignment
                usId={usId}
                action="assingclientcontacts"
                selected={list('client_contacts')}
                picker={(ids, onChange) => (
                  <ReferencesPicker
                    reference={REFERENCES.client}
                    label={translate('users.clientContacts')}
                    value={ids}
                    onChange={onChange}
                    size="medium"
                    minWidth="100%"
                  />
                )}
              />
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
