/**
 * /xero: the brand's Xero connection as a card (organisation, who connected it and when, the
 * permissions granted, the token's health and last renewal, the last sync begun and the code that
 * stopped it), with Connect (the browser goes to Xero's
 * consent) and Disconnect (after a confirmation) for Admins and Developers. In the sandbox the card
 * says so, so nobody mistakes the demo's organisation for a real one.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTING_ADMIN_GATE, isXeroCode } from '../../core/accounting/constants';
import { useAuth } from '../auth/authStore';
import { useAllowed } from '../jobs/sheet/options';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formatWireDate } from '../resources/engine/dateText';
import { useAccountingProvider } from './accountingProvider';

export const XERO_STATUS_KEY = ['xeroauth', 'checkstatus'];

/** Leaves the SPA for Xero's consent page; a seam so the component test can see where it would go. */
export const leaveFor = { go: (url: string) => window.location.assign(url) };

export function XeroConnectionPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`accounting.connection.${key}`, opts);
  const provider = useAccountingProvider();
  const queries = useQueryClient();
  const dateFormat = useAuth().user?.settings.dateFormat;
  const canManage = useAllowed(ACCOUNTING_ADMIN_GATE);
  const [confirming, setConfirming] = useState(false);
  const status = useQuery({ queryKey: XERO_STATUS_KEY, queryFn: ({ signal }) => provider.xeroStatus(signal) });
  const connect = useMutation({ mutationFn: () => provider.xeroLoginUrl(), onSuccess: (url) => leaveFor.go(url) });
  const logout = useMutation({
    mutationFn: () => provider.xeroLogout(),
    onSettled: () => queries.invalidateQueries({ queryKey: XERO_STATUS_KEY }),
  });
  const s = status.data;
  const when = (v: string | null | undefined) => (v ? formatWireDate(v, dateFormat) : t('never'));
  // The http client has already shown why a call was refused.
  const run = (go: () => Promise<unknown>) => void go().catch(() => undefined);

  return (
    <PageFrame title={title}>
      <Card variant="outlined" sx={{ maxWidth: 640 }} aria-label={t('title')} component="section">
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          {s?.sandbox && <Alert severity="info">{t('sandbox')}</Alert>}
          {s?.status === 'connected' && <Typography variant="h6">{t('connected', { organisation: s.organisation ?? '' })}</Typography>}
          {s?.status === 'not_connected' && <Typography>{t('notConnected')}</Typography>}
          {s?.status === 'reconnect_needed' && <Alert severity="warning">{s.message ?? t('reconnectNeeded')}</Alert>}
          {s && s.status !== 'not_connected' && (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}
            >
              <dt>{t('connectedBy')}</dt>
              <dd>{s.connectedBy ?? '—'}</dd>
              <dt>{t('connectedAt')}</dt>
              <dd>{when(s.connectedAt)}</dd>
              <dt>{t('token')}</dt>
              <dd>{s.tokenHealth ? t(`tokenHealth.${s.tokenHealth}`, { time: when(s.tokenExpiresAt) }) : '—'}</dd>
              <dt>{t('lastRefresh')}</dt>
              <dd>{when(s.lastRefreshAt)}</dd>
              <dt>{t('lastSync')}</dt>
              <dd>
                {s.lastSyncAt && s.lastSyncResource
                  ? t('lastSyncOf', { resource: t(`syncResources.${s.lastSyncResource}`), time: when(s.lastSyncAt) })
                  : t('never')}
                {isXeroCode(s.lastSyncError ?? null) && (
                  <Typography variant="body2" color="error">
                    {translate(`xeroCodes.${s.lastSyncError}`)}
                  </Typography>
                )}
              </dd>
              <dt>{t('scopes')}</dt>
              <dd>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(s.scopes ?? []).map((scope) => (
                    <Chip key={scope} size="small" label={scope} />
                  ))}
                </Box>
              </dd>
            </Box>
          )}
        </CardContent>
        {canManage && s && (
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {s.status !== 'connected' && (
              <Button variant="contained" disabled={connect.isPending} onClick={() => run(() => connect.mutateAsync())}>
                {t(s.status === 'reconnect_needed' ? 'reconnect' : 'connect')}
              </Button>
            )}
            {s.status !== 'not_connected' && (
              <Button color="error" variant="outlined" disabled={logout.isPending} onClick={() => setConfirming(true)}>
                {t('disconnect')}
              </Button>
            )}
          </CardActions>
        )}
      </Card>
      <Confirm
        isOpen={confirming}
        title="accounting.connection.confirmTitle"
        content="accounting.connection.confirmText"
        confirm="accounting.connection.disconnect"
        cancel="accounting.connection.cancel"
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run(() => logout.mutateAsync());
        }}
      />
    </PageFrame>
  );
}
