/**
 * /google/dashboard: the user's Google accounts (GoogleAccountCard each) with the selection
 * toggles of SPEC point 4, connect (the browser goes to Google's consent), reconnect and
 * disconnect (after a confirmation). Without an account it says a Google connection is required;
 * in the sandbox it says so, so nobody mistakes the demo's Drive for a real one.
 */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoogleAccount } from '../../core/google/types';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { GoogleAccountCard } from './GoogleAccountCard';
import { GOOGLE_ACCOUNTS_KEY, GOOGLE_STATUS_KEY, useGoogleProvider } from './googleProvider';

/** Leaves the SPA for Google's consent page; a seam so a component test can see where it would go. */
export const leaveForGoogle = { go: (url: string) => window.location.assign(url) };

export function GoogleDashboardPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`google.accounts.${key}`, opts);
  const provider = useGoogleProvider();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState<GoogleAccount | null>(null);
  const accounts = useQuery({ queryKey: GOOGLE_ACCOUNTS_KEY, queryFn: ({ signal }) => provider.googleAccounts(signal) });
  const status = useQuery({ queryKey: GOOGLE_STATUS_KEY, queryFn: ({ signal }) => provider.googleStatus(signal) });
  const connect = useMutation({ mutationFn: () => provider.googleLoginUrl(), onSuccess: (url) => leaveForGoogle.go(url) });
  // Each change answers the new list: it replaces the cached one at once.
  const store = (rows: GoogleAccount[]) => queries.setQueryData(GOOGLE_ACCOUNTS_KEY, rows);
  const toggle = useMutation({ mutationFn: (target: number | 'all') => provider.googleToggle(target), onSuccess: store });
  const disconnect = useMutation({ mutationFn: (gaId: number) => provider.googleDisconnect(gaId), onSuccess: store });
  // The http client has already shown why a call was refused.
  const run = (go: () => Promise<unknown>) => void go().catch(() => undefined);
  const rows = accounts.data ?? [];
  const busy = toggle.isPending || disconnect.isPending || connect.isPending;
  const selected = rows.filter((a) => a.google_account_selected).length;

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        {status.data?.sandbox && <Alert severity="info">{t('sandbox')}</Alert>}
        {status.data && !status.data.configured && <Alert severity="warning">{t('notConfigured')}</Alert>}
        {accounts.isSuccess && rows.length === 0 && <Alert severity="warning">{translate('google.loginRequired')}</Alert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button variant="contained" disabled={busy || status.data?.configured === false} onClick={() => run(() => connect.mutateAsync())}>
            {t('connect')}
          </Button>
          {rows.length > 0 && (
            <Button variant="outlined" disabled={busy} onClick={() => run(() => toggle.mutateAsync('all'))}>
              {t('toggleAll')}
            </Button>
          )}
          {rows.length > 0 && (
            <Typography variant="body2" aria-live="polite">
              {`${t('count', { count: rows.length })} · ${t('selectedCount', { count: selected })}`}
            </Typography>
          )}
        </Box>
        {rows.map((a) => (
          <GoogleAccountCard
            key={a.ga_id}
            account={a}
            busy={busy}
            onToggle={() => run(() => toggle.mutateAsync(a.ga_id))}
            onReconnect={() => run(() => connect.mutateAsync())}
            onDisconnect={() => setConfirming(a)}
          />
        ))}
      </Stack>
      <Confirm
        isOpen={confirming !== null}
        title="google.accounts.confirmTitle"
        titleTranslateOptions={{ email: confirming?.email ?? '' }}
        content="google.accounts.confirmText"
        confirm="google.accounts.disconnect"
        cancel="google.accounts.cancel"
        confirmColor="warning"
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const gaId = confirming?.ga_id;
          setConfirming(null);
          if (gaId !== undefined) run(() => disconnect.mutateAsync(gaId));
        }}
      />
    </PageFrame>
  );
}
