/**
 * A job without a Drive folder: pick one of the user's usable Google accounts (when they have
 * several), then make a folder named after the job, or link one of My Drive's folders.
 */
import { useState } from 'react';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import type { GoogleAccount } from '../../../core/google/types';
import { useDriveProvider } from './driveProvider';

interface Props {
  jobId: number;
  accounts: GoogleAccount[];
  busy: boolean;
  onLink: (gaId: number, folderId?: string) => void;
}

export function JobFolderSetup({ jobId, accounts, busy, onLink }: Props) {
  const translate = useTranslate();
  const t = (k: string) => translate(`google.jobFolder.${k}`);
  const provider = useDriveProvider();
  const [gaId, setGaId] = useState(accounts[0].ga_id);
  const [linking, setLinking] = useState(false);
  const [folderId, setFolderId] = useState('');
  const folders = useQuery({
    queryKey: ['googledrive', 'listFolders', gaId, 'root'],
    queryFn: ({ signal }) => provider.driveSubfolders(gaId, signal),
    enabled: linking,
  });
  const chosen = (folders.data ?? []).some((f) => f.id === folderId) ? folderId : '';

  return (
    <Stack spacing={1.5}>
      <Typography>{t('none')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        {accounts.length > 1 && (
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id={`job-${jobId}-drive-account`}>{translate('google.drive.account')}</InputLabel>
            <Select
              labelId={`job-${jobId}-drive-account`}
              label={translate('google.drive.account')}
              value={gaId}
              onChange={(e) => {
                setGaId(Number(e.target.value));
                setFolderId('');
              }}
            >
              {accounts.map((a) => (
                <MenuItem key={a.ga_id} value={a.ga_id}>
                  {a.email}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <Button variant="contained" disabled={busy} onClick={() => onLink(gaId)}>
          {t('create')}
        </Button>
        <Button disabled={busy} onClick={() => setLinking((on) => !on)} aria-expanded={linking}>
          {t('link')}
        </Button>
      </Stack>
      {linking && folders.isSuccess && !folders.data.length && <Typography>{t('noFolders')}</Typography>}
      {linking && !!folders.data?.length && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id={`job-${jobId}-drive-folder`}>{t('folder')}</InputLabel>
            <Select labelId={`job-${jobId}-drive-folder`} label={t('folder')} value={chosen} onChange={(e) => setFolderId(String(e.target.value))}>
              {folders.data.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="outlined" disabled={busy || !chosen} onClick={() => onLink(gaId, chosen)}>
            {t('linkChosen')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
