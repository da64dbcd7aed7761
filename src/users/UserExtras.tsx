/**
 * The parts of the user page that are actions rather than fields: hide or unhide, set a password,
 * and the assignment pickers (default operators, property managers, client contacts).
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ReferencesPicker } from '../pickers/ReferencePicker';
import { REFERENCES } from '../pickers/references';
import { findResource } from '../../core/resources/definitions';
import { useUsersProvider, type UserAssignment } from './usersProvider';

function HideAndPassword({ usId, hidden }: { usId: number; hidden: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const provider = useUsersProvider();
  const [password, setPassword] = useState('');
  return (
    <Stack spacing={2}>
      {hidden && <Chip color="warning" label={translate('users.hiddenNotice')} sx={{ alignSelf: 'flex-start' }} />}
      <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={async () => (await provider.setUserHidden(usId, !hidden)) && refresh()}>
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
        <Button variant="outlined" onClick={async () => (await provider.setUserPassword(usId, password)) && setPassword('')}>
          {translate('users.setPassword')}
        </Button>
      </Stack>
    </Stack>
  );
}

interface AssignmentProps {
  usId: number;
  assignment: UserAssignment;
  selected: number[];
  picker: (ids: number[], onChange: (ids: number[]) => void) => ReactNode;
}

/** One assignment: the picker the caller gives, and Save, which sends the whole list. */
function Assignment({ usId, assignment, selected, picker }: AssignmentProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const provider = useUsersProvider();
  const [ids, setIds] = useState<number[] | null>(null);
  const current = ids ?? selected;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Box sx={{ flex: 1 }}>{picker(current, setIds)}</Box>
      <Button
        variant="outlined"
        disabled={ids === null}
        onClick={async () => (await provider.saveUserAssignment(assignment, usId, current)) && (setIds(null), refresh())}
      >
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
              assignment="defaultOperators"
              selected={list('default_operators')}
              picker={(ids, onChange) => <OperatorsPicker label={translate('users.defaultOperators')} value={ids} onChange={onChange} />}
            />
            {findResource('propertymanagers') && (
              <Assignment
                usId={usId}
                assignment="propertyManagers"
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
                assignment="clientContacts"
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
