/**
 * One connected Google account on the dashboard: picture, email and name, status, permissions,
 * last sync and last error, a switch for the selection, and reconnect / disconnect.
 */
import { Alert, Avatar, Box, Button, Card, CardActions, CardContent, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { GoogleAccount } from '../../core/google/types';
import { useAuth } from '../auth/authStore';
import { formatWireDate } from '../resources/engine/dateText';

interface Props {
  account: GoogleAccount;
  busy: boolean;
  onToggle(): void;
  onReconnect(): void;
  onDisconnect(): void;
}

export function GoogleAccountCard({ account: a, busy, onToggle, onReconnect, onDisconnect }: Props) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`google.accounts.${key}`, opts);
  const dateFormat = useAuth().user?.settings.dateFormat;
  const email = a.email ?? a.accountDetails.email ?? String(a.ga_id);
  return (
    <Card variant="outlined" component="section" aria-label={email}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Avatar src={a.accountDetails.picture ?? undefined} alt="" imgProps={{ referrerPolicy: 'no-referrer' }}>
            {email.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Typography>
            {a.name && <Typography variant="body2">{a.name}</Typography>}
          </Box>
        </Box>
        {a.status === 'connected' ? (
          <Chip color="success" size="small" label={t('statusConnected')} sx={{ justifySelf: 'start' }} />
        ) : (
          <Alert severity="warning">{t('statusReconnect')}</Alert>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}
        >
          <dt>{t('lastSync')}</dt>
          <dd>{a.lastSyncAt ? formatWireDate(a.lastSyncAt, dateFormat) : t('never')}</dd>
          <dt>{t('scopes')}</dt>
          <dd>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {a.scopes.map((scope) => (
                <Chip key={scope} size="small" label={scope.replace('https://www.googleapis.com/auth/', '')} />
              ))}
            </Box>
          </dd>
        </Box>
        {a.lastError && <Alert severity="error">{`${t('lastError')}: ${a.lastError}`}</Alert>}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel control={<Switch checked={a.google_account_selected} onChange={onToggle} disabled={busy} />} label={t('selected', { email })} />
        {a.status !== 'connected' && (
          <Button variant="contained" disabled={busy} onClick={onReconnect}>
            {t('reconnect')}
          </Button>
        )}
        <Button color="error" variant="outlined" disabled={busy} onClick={onDisconnect}>
          {t('disconnect')}
        </Button>
      </CardActions>
    </Card>
  );
}
