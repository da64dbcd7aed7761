/**
 * One Microsoft mailbox on the dashboard: address and name, the default marker, status (connected,
 * syncing with its progress, needs reconnect and why), last sync, counts, users, the selection
 * switch, and (for admins) sync, default, assign users, reconnect and disconnect.
 */
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, FormControlLabel, LinearProgress, Switch, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { useAuth } from '../auth/authStore';
import { formatWireDate } from '../resources/engine/dateText';

interface Props {
  account: MicrosoftAccount;
  busy: boolean;
  admin: boolean;
  onToggle(): void;
  onSync(): void;
  onDefault(): void;
  onAssign(): void;
  onReconnect(): void;
  onDisconnect(): void;
}

/** Why Microsoft refused the grant, in words for the known token-endpoint codes; an unknown code is shown as it came. */
function reasonText(translate: (key: string, opts?: Record<string, unknown>) => string, code: string | null): string {
  if (!code) return '';
  return translate(`microsoft.accounts.reason_${code}`, { _: code });
}

/** "12 mails, 3 unread, 4 folders" with each noun in the locale's plural. */
export function countsText(translate: (key: string, opts?: Record<string, unknown>) => string, c: MicrosoftAccount['counts']): string {
  return translate('microsoft.accounts.counts', {
    mails: translate('microsoft.accounts.mailCount', { count: c.total }),
    unread: c.unread,
    folders: translate('microsoft.accounts.folderCount', { count: c.folders }),
  });
}

export function MicrosoftStatus({ account: a }: { account: MicrosoftAccount }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.accounts.${key}`, opts);
  if (a.status === 'reconnect_needed') return <Alert severity="warning">{t('statusReconnect', { reason: reasonText(translate, a.status_reason) })}</Alert>;
  if (a.status === 'syncing')
    return a.sync_progress === null ? (
      <Chip color="info" size="small" label={t('statusQueued')} sx={{ justifySelf: 'start' }} />
    ) : (
      <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">{t('statusSyncing', { progress: a.sync_progress })}</Typography>
        <LinearProgress variant="determinate" value={a.sync_progress} aria-label={t('statusSyncing', { progress: a.sync_progress })} />
      </Box>
    );
  return <Chip color="success" size="small" label={t('statusConnected')} sx={{ justifySelf: 'start' }} />;
}

export function MicrosoftAccountCard({ account: a, busy, admin, onToggle, onSync, onDefault, onAssign, onReconnect, onDisconnect }: Props) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.accounts.${key}`, opts);
  const dateFormat = useAuth().user?.settings.dateFormat;
  const email = a.msa_email;
  return (
    <Card variant="outlined" component="section" aria-label={email}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
            <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Typography>
            {a.display_name && <Typography variant="body2">{a.display_name}</Typography>}
          </Box>
          {a.is_default && <Chip color="primary" size="small" label={t('default')} />}
        </Box>
        <MicrosoftStatus account={a} />
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}
        >
          <dt>{t('lastSync')}</dt>
          <dd>{a.last_sync_at ? formatWireDate(a.last_sync_at, dateFormat) : t('never')}</dd>
          <dt>{translate('microsoft.details.folders')}</dt>
          <dd>{countsText(translate, a.counts)}</dd>
          <dt>{t('users')}</dt>
          <dd>
            {a.users.length ? (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {a.users.map((u) => (
                  <li key={u.us_id}>
                    <Chip size="small" label={u.name} title={u.email} />
                  </li>
                ))}
              </Box>
            ) : (
              t('noUsers')
            )}
          </dd>
        </Box>
        {a.last_error && <Alert severity="error">{`${t('lastError')}: ${a.last_error}`}</Alert>}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel control={<Switch checked={a.microsoft_account_selected} onChange={onToggle} disabled={busy} />} label={t('selected', { email })} />
        <Button component={RouterLink} to={`/microsoft/accountdetails/${a.msa_id}`} variant="text">
          {t('details')}
        </Button>
        {a.status === 'connected' && (
          <Button variant="outlined" disabled={busy} onClick={onSync}>
            {t('sync')}
          </Button>
        )}
        {admin && !a.is_default && (
          <Button variant="outlined" disabled={busy} onClick={onDefault}>
            {t('makeDefault')}
          </Button>
        )}
        {admin && (
          <Button variant="outlined" disabled={busy} onClick={onAssign}>
            {t('assignUsers')}
          </Button>
        )}
        {admin && a.status === 'reconnect_needed' && (
          <Button variant="contained" disabled={busy} onClick={onReconnect}>
            {t('reconnect')}
          </Button>
        )}
        {admin && (
          <Button color="error" variant="outlined" disabled={busy} onClick={onDisconnect}>
            {t('disconnect')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
