/**
 * The IMAP folder table of a saved account: enabled, path, sync from, last mail date, folder
 * type, default seen, first-sync progress, the sync error with "Clear errors" and the mails the
 * sync skipped (UID and reason: it could not read them; the folder's sync went on). Each change is
 * one call (imapfolders/{id}/...); the table refreshes itself while a sync runs.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, LinearProgress, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { folderApi, type ImapFolderRow } from './adminApi';
import { attempt, showDate } from './attempt';
import { DateField } from '../../dates/DateField';

const TYPES = ['inbox', 'sent', 'drafts', 'trash', 'junk', 'archive', 'other'];

export function ImapFolderTable({ accountId, refreshKey = 0 }: { accountId: number; refreshKey?: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const key = ['imapfolders', accountId, refreshKey];
  // The table follows a running sync.
  const list = useQuery({ queryKey: key, queryFn: () => attempt(() => folderApi.list(accountId)), refetchInterval: 5000, placeholderData: keepPreviousData });
  const rows = list.data ?? [];

  const apply = async (call: () => Promise<ImapFolderRow | null>) => {
    const row = await attempt(call);
    // A change's answer has no skipped list: the one loaded stays.
    if (row)
      queryClient.setQueryData<ImapFolderRow[] | null>(key, (all) =>
        all?.map((r) => (r.ifolder_id === row.ifolder_id ? { ...row, skipped: row.skipped ?? r.skipped } : r)),
      );
  };
  const label = (key: string, row: ImapFolderRow) => `${translate(`mailAdmin.folders.${key}`)}: ${row.ifolder_path}`;

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {translate('mailAdmin.titles.folders')}
      </Typography>
      <Table size="small" aria-label={translate('mailAdmin.titles.folders')}>
        <TableHead>
          <TableRow>
            {['enabled', 'path', 'syncFrom', 'lastMail', 'type', 'defaultSeen', 'progress', 'error', 'skipped'].map((key) => (
              <TableCell key={key}>{translate(`mailAdmin.folders.${key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const total = row.messages_on_server ?? 0;
            return (
              <TableRow key={row.ifolder_id}>
                <TableCell>
                  <Switch
                    checked={row.ifolder_sync_enabled}
                    onChange={(e) => void apply(() => folderApi.setEnabled(row.ifolder_id, e.target.checked))}
                    inputProps={{ 'aria-label': label('enabled', row) }}
                  />
                </TableCell>
                <TableCell>{row.ifolder_path}</TableCell>
                <TableCell>
                  <DateField
                    label={label('syncFrom', row)}
                    value={row.ifolder_syncfromdt}
                    onChange={(day) => void apply(() => folderApi.setSyncFrom(row.ifolder_id, day || null))}
                  />
                </TableCell>
                <TableCell>{showDate(row.ifolder_last_email_date)}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={row.ifolder_type}
                    onChange={(e) => void apply(() => folderApi.setType(row.ifolder_id, e.target.value))}
                    inputProps={{ 'aria-label': label('type', row) }}
                  >
                    {TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {translate(`mailAdmin.folderTypes.${t}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={row.is_default_seen}
                    onChange={(e) => void apply(() => folderApi.setDefaultSeen(row.ifolder_id, e.target.checked))}
                    inputProps={{ 'aria-label': label('defaultSeen', row) }}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <Box>
                    <LinearProgress
                      variant="determinate"
                      value={total ? Math.min(100, (row.messages_synced / total) * 100) : 0}
                      aria-label={label('progress', row)}
                    />
                    <Typography variant="caption">{`${row.messages_synced} / ${row.messages_on_server ?? '?'}`}</Typography>
                  </Box>
                </TableCell>
                <TableCell>
                  {row.sync_error && (
                    <Stack spacing={0.5}>
                      <Typography variant="caption" color="error" sx={{ wordBreak: 'break-word' }}>
                        {row.sync_error}
                      </Typography>
                      <Button size="small" onClick={() => void apply(() => folderApi.clearErrors(row.ifolder_id))}>
                        {translate('mailAdmin.actions.clearErrors')}
                      </Button>
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  {row.skipped?.length ? (
                    <Box component="ul" aria-label={label('skipped', row)} sx={{ m: 0, pl: 2 }}>
                      {row.skipped.map((k) => (
                        <Typography key={k.uid} component="li" variant="caption" sx={{ wordBreak: 'break-word' }}>
                          {translate('mailAdmin.folders.skippedMail', { uid: k.uid, reason: k.reason })}
                        </Typography>
                      ))}
                    </Box>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={9}>{translate('mailAdmin.titles.noRows')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Stack>
  );
}
