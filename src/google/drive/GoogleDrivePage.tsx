/**
 * /google/drive: a folder browser over the user's selected Google accounts (SPEC point 4: one
 * left out of the selection is not offered). Breadcrumbs lead back up; "Sync" reads Drive's change
 * list and refreshes the folder when anything changed. Without a usable account it says a Google
 * connection is required and where to make one.
 */
import { useState } from 'react';
import { Alert, Box, Breadcrumbs, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriveFile } from '../../../core/google/drive';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { GOOGLE_ACCOUNTS_KEY, useGoogleProvider } from '../googleProvider';
import { DriveTable } from './DriveTable';
import { useDriveProvider } from './driveProvider';

interface Crumb {
  id: string;
  name: string;
}

export function GoogleDrivePage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`google.drive.${k}`, opts);
  const queries = useQueryClient();
  const google = useGoogleProvider();
  const drive = useDriveProvider();
  const accounts = useQuery({ queryKey: GOOGLE_ACCOUNTS_KEY, queryFn: ({ signal }) => google.googleAccounts(signal) });
  const usable = (accounts.data ?? []).filter((a) => a.google_account_selected && a.status === 'connected');
  const [chosen, setChosen] = useState<number | null>(null);
  // The chosen account while it is still usable, otherwise the first that is.
  const gaId = usable.find((a) => a.ga_id === chosen)?.ga_id ?? usable[0]?.ga_id ?? null;
  const root: Crumb = { id: 'root', name: t('myDrive') };
  const [path, setPath] = useState<Crumb[]>([]);
  const trail = [root, ...path];
  const here = trail[trail.length - 1];

  const sync = useMutation({
    mutationFn: (id: number) => drive.driveSync(id),
    onSuccess: (results) => {
      const changed = results.some((r) => r.changes.length > 0);
      if (changed) void queries.invalidateQueries({ queryKey: ['googledrive', 'filter'] });
    },
  });
  // What the last sync found, beside its button (spoken by screen readers as it changes).
  const synced = sync.data?.[0];
  const syncText = !synced ? '' : synced.initial ? t('syncStarted') : t('synced', { count: synced.changes.length });

  const choose = (id: number) => {
    setChosen(id);
    setPath([]);
    // The last sync's answer was about the other account.
    sync.reset();
  };
  const open = (folder: DriveFile) => setPath([...path, { id: folder.id, name: folder.name }]);

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {accounts.isSuccess && gaId === null && (
          <Alert severity="warning">
            {translate('google.loginRequired')}{' '}
            <Link component={RouterLink} to="/google/dashboard">
              {t('connect')}
            </Link>
          </Alert>
        )}
        {gaId !== null && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <TextField
                select
                size="small"
                label={t('account')}
                value={gaId}
                onChange={(e) => choose(Number(e.target.value))}
                sx={{ minWidth: 240, maxWidth: '100%' }}
              >
                {usable.map((a) => (
                  <MenuItem key={a.ga_id} value={a.ga_id}>
                    {a.email ?? a.name ?? String(a.ga_id)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                startIcon={<SyncIcon />}
                disabled={sync.isPending}
                // The http client has already shown why a refused sync was refused.
                onClick={() => void sync.mutateAsync(gaId).catch(() => undefined)}
              >
                {t('sync')}
              </Button>
              <Typography variant="body2" aria-live="polite">
                {syncText}
              </Typography>
            </Box>
            <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ wordBreak: 'break-word' }}>
              {trail.map((c, i) =>
                i === trail.length - 1 ? (
                  <Typography key={c.id} color="text.primary" aria-current="page">
                    {c.name}
                  </Typography>
                ) : (
                  <Link key={c.id} component="button" type="button" onClick={() => setPath(path.slice(0, i))}>
                    {c.name}
                  </Link>
                ),
              )}
            </Breadcrumbs>
            <DriveTable key={`${gaId}:${here.id}`} gaId={gaId} folderId={here.id} onOpen={open} />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
