/** /admin/mailaccounts: name, e-mail, colour, enabled switch (for everyone), sync status, error and last sync. */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, LinearProgress, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { accountApi, type AccountRow } from './adminApi';
import { attempt, showDate } from './attempt';
import { searchableText } from '../../../core/lists/search';

export function SyncStatus({ row }: { row: Pick<AccountRow, 'sync_status' | 'sync_error' | 'messages_synced' | 'messages_on_server'> }) {
  const translate = useTranslate();
  const total = row.messages_on_server ?? 0;
  const done = row.messages_synced ?? 0;
  return (
    <Box>
      <Typography variant="body2" color={row.sync_status === 'error' ? 'error' : undefined}>
        {translate(`mailAdmin.status.${['idle', 'running', 'error'].includes(row.sync_status) ? row.sync_status : 'idle'}`)}
      </Typography>
      {row.sync_status === 'running' && total > 0 && (
        <LinearProgress variant="determinate" value={Math.min(100, (done / total) * 100)} aria-label={`${done} / ${total}`} />
      )}
      {row.sync_error && (
        <Typography variant="caption" color="error" sx={{ wordBreak: 'break-word' }}>
          {row.sync_error}
        </Typography>
      )}
    </Box>
  );
}

export function MailAccountListPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const stext = searchableText(search);
  const queryClient = useQueryClient();
  const key = ['mailaccounts', 'adminList', stext];
  // Sync status and progress change in the background.
  const list = useQuery({ queryKey: key, queryFn: () => attempt(() => accountApi.list(stext)), refetchInterval: 10_000, placeholderData: keepPreviousData });
  const rows = list.data ?? [];

  const toggle = async (row: AccountRow, enabled: boolean) => {
    const saved = await attempt(() => accountApi.setEnabled(row.mailaccount_id, enabled));
    if (saved)
      queryClient.setQueryData<AccountRow[] | null>(key, (all) =>
        all?.map((r) => (r.mailaccount_id === row.mailaccount_id ? { ...r, ma_enabled: saved.ma_enabled } : r)),
      );
  };

  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField size="small" label={translate('mailAdmin.actions.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => navigate('/admin/mailaccount')}>
          {translate('mailAdmin.actions.add')}
        </Button>
      </Stack>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mailAdmin.fields.color')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.name')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.email')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.enabled')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.syncStatus')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.lastSync')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.mailaccount_id} hover>
              <TableCell>
                <Box
                  aria-hidden
                  sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: row.ma_color ?? 'transparent', border: 1, borderColor: 'divider' }}
                />
              </TableCell>
              <TableCell sx={{ cursor: 'pointer' }} onClick={() => navigate(`/admin/mailaccount/${row.mailaccount_id}`)}>
                {row.ma_name}
              </TableCell>
              <TableCell>{row.ma_email}</TableCell>
              <TableCell>
                <Switch
                  checked={row.ma_enabled}
                  onChange={(e) => void toggle(row, e.target.checked)}
                  inputProps={{ 'aria-label': `${translate('mailAdmin.fields.enabled')}: ${row.ma_name}` }}
                />
              </TableCell>
              <TableCell>
                <SyncStatus row={row} />
              </TableCell>
              <TableCell>{row.last_sync_at ? showDate(row.last_sync_at) : translate('mailAdmin.status.never')}</TableCell>
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={6}>{translate('mailAdmin.titles.noRows')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </PageFrame>
  );
}
