/**
 * /microsoft/accountdetails/{id}: one mailbox: its status, folders with counts and sync state,
 * assigned users with their rights, and the token's health (working, refused, when it was last
 * renewed and until when the access token holds). Polled while it syncs.
 */
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../auth/authStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formatWireDate } from '../resources/engine/dateText';
import { MicrosoftStatus } from './MicrosoftAccountCard';
import { microsoftDetailsKey, useMicrosoftProvider } from './microsoftProvider';

export function MicrosoftAccountDetailsPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.details.${key}`, opts);
  const ta = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.accounts.${key}`, opts);
  const provider = useMicrosoftProvider();
  const dateFormat = useAuth().user?.settings.dateFormat;
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const details = useQuery({
    queryKey: microsoftDetailsKey(id),
    queryFn: ({ signal }) => provider.microsoftDetails(id, signal),
    enabled: valid,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'syncing' ? 3000 : false),
  });
  const date = (v: string | null) => (v ? formatWireDate(v, dateFormat) : ta('never'));
  const d = details.data;
  const back = (
    <Button component={RouterLink} to="/microsoft/dashboard" variant="text" sx={{ alignSelf: 'flex-start' }}>
      {ta('backToDashboard')}
    </Button>
  );
  if (!valid)
    return (
      <PageFrame title={title}>
        <Stack spacing={2}>
          <Alert severity="info">{t('choose')}</Alert>
          {back}
        </Stack>
      </PageFrame>
    );
  return (
    <PageFrame title={title}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        {details.isError && <Alert severity="warning">{t('notFound')}</Alert>}
        {d && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {d.msa_email}
              </Typography>
              {d.is_default && <Chip color="primary" size="small" label={ta('default')} />}
            </Box>
            <MicrosoftStatus account={d} />
            {d.last_error && <Alert severity="error">{`${ta('lastError')}: ${d.last_error}`}</Alert>}

            <Box component="section" aria-labelledby="ms-folders">
              <Typography id="ms-folders" variant="subtitle1" component="h3" gutterBottom>
                {t('folders')}
              </Typography>
              {d.folders.length === 0 ? (
                <Typography variant="body2">{t('noFolders')}</Typography>
              ) : (
                <TableContainer>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('folder')}</TableCell>
                        <TableCell align="right">{t('total')}</TableCell>
                        <TableCell align="right">{t('unread')}</TableCell>
                        <TableCell>{t('syncedAt')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {d.folders.map((f) => (
                        <TableRow key={f.name}>
                          <TableCell>{f.name}</TableCell>
                          <TableCell align="right">{f.total}</TableCell>
                          <TableCell align="right">{f.unread}</TableCell>
                          <TableCell>
                            {f.sync_error ? (
                              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                                {t('syncFailed', { date: date(f.sync_error_at), error: f.sync_error })}
                              </Typography>
                            ) : f.synced_at ? (
                              formatWireDate(f.synced_at, dateFormat)
                            ) : (
                              t('notSynced')
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Box>

            <Box component="section" aria-labelledby="ms-users">
              <Typography id="ms-users" variant="subtitle1" component="h3" gutterBottom>
                {ta('users')}
              </Typography>
              {d.users.length === 0 ? (
                <Typography variant="body2">{ta('noUsers')}</Typography>
              ) : (
                <TableContainer>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{ta('user')}</TableCell>
                        <TableCell>{ta('canSend')}</TableCell>
                        <TableCell>{ta('canDelete')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {d.users.map((u) => (
                        <TableRow key={u.us_id}>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{`${u.name} (${u.email})`}</TableCell>
                          <TableCell>{translate(u.can_send ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                          <TableCell>{translate(u.can_delete ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Box>

            <Box component="section" aria-labelledby="ms-token">
              <Typography id="ms-token" variant="subtitle1" component="h3" gutterBottom>
                {t('token')}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}
              >
                <dt>{t('grantStatus')}</dt>
                <dd>{t(`grant_${d.token.grant_status}`) + (d.token.error_code ? ` (${d.token.error_code})` : '')}</dd>
                <dt>{t('expiresAt')}</dt>
                <dd>{date(d.token.expires_at)}</dd>
                <dt>{t('lastRefresh')}</dt>
                <dd>{date(d.token.last_refresh_at)}</dd>
                <dt>{ta('lastSync')}</dt>
                <dd>{date(d.last_sync_at)}</dd>
                <dt>{t('scopes')}</dt>
                <dd>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {d.token.scopes.map((s) => (
                      <Chip key={s} size="small" label={s} />
                    ))}
                  </Box>
                </dd>
              </Box>
            </Box>
          </>
        )}
        {back}
      </Stack>
    </PageFrame>
  );
}
