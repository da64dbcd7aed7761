/** The users of a saved account (default / can send / can delete); the list is saved as a whole (assignusers). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { accountApi, type AccountUserRow, type StaffUser } from './adminApi';
import { attempt } from './attempt';

const FLAGS = [
  ['maxu_default', 'mailAdmin.users.isDefault'],
  ['maxu_user_can_send', 'mailAdmin.users.canSend'],
  ['maxu_user_can_delete', 'mailAdmin.users.canDelete'],
] as const;

export function AccountUsersTable({ accountId, users }: { accountId: number; users: AccountUserRow[] }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<AccountUserRow[]>(users);
  const staff: StaffUser[] = useQuery({ queryKey: ['users', 'bemworkers'], queryFn: () => attempt(() => accountApi.staff()) }).data ?? [];
  const [pick, setPick] = useState('');

  const nameOf = (row: AccountUserRow) => row.fullname || staff.find((s) => s.us_id === row.us_id)?.fullname || row.email || String(row.us_id);
  const choices = staff.filter((s) => !rows.some((r) => r.us_id === s.us_id));
  const add = (usId: number) => {
    const user = staff.find((s) => s.us_id === usId);
    if (user)
      setRows((list) => [
        ...list,
        { us_id: usId, fullname: user.fullname, email: user.email, maxu_default: false, maxu_user_can_send: true, maxu_user_can_delete: false },
      ]);
    setPick('');
  };
  const save = async () => {
    const saved = await attempt(() => accountApi.assignUsers(accountId, rows));
    if (saved) setRows(saved);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {translate('mailAdmin.titles.users')}
      </Typography>
      <Table size="small" aria-label={translate('mailAdmin.titles.users')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mailAdmin.users.user')}</TableCell>
            {FLAGS.map(([, label]) => (
              <TableCell key={label}>{translate(label)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.us_id}>
              <TableCell>{nameOf(row)}</TableCell>
              {FLAGS.map(([flag, label]) => (
                <TableCell key={flag}>
                  <Checkbox
                    checked={row[flag]}
                    onChange={(e) => setRows((list) => list.map((r) => (r.us_id === row.us_id ? { ...r, [flag]: e.target.checked } : r)))}
                    inputProps={{ 'aria-label': `${translate(label)}: ${nameOf(row)}` }}
                  />
                </TableCell>
              ))}
              <TableCell>
                <IconButton
                  aria-label={`${translate('mailAdmin.actions.removeUser')}: ${nameOf(row)}`}
                  onClick={() => setRows((list) => list.filter((r) => r.us_id !== row.us_id))}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField
          select
          size="small"
          sx={{ minWidth: 240 }}
          label={translate('mailAdmin.actions.addUser')}
          value={pick}
          onChange={(e) => add(Number(e.target.value))}
        >
          {choices.map((s) => (
            <MenuItem key={s.us_id} value={String(s.us_id)}>
              {s.fullname || s.email}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void save()}>
          {translate('mailAdmin.actions.saveUsers')}
        </Button>
      </Stack>
    </Stack>
  );
}
