/**
 * /microsoft/dashboard: the brand's Microsoft mailboxes (MicrosoftAccountCard each) with the
 * selection toggles of SPEC point 4. Admins connect one (the browser goes to Microsoft's consent),
 * reconnect, disconnect (after a confirmation), choose the default and assign users; everyone may
 * ask for a sync. While a mailbox syncs the list is polled, so its progress moves. In the sandbox it
 * says so, so nobody mistakes the demo's mailbox for a real one.
 */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMINS } from '../../core/access/roles';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { useAuth } from '../auth/authStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { AssignUsersDialog } from './AssignUsersDialog';
import { MicrosoftAccountCard } from './MicrosoftAccountCard';
import { MICROSOFT_ACCOUNTS_KEY, MICROSOFT_STATUS_KEY, useMicrosoftProvider, type AssignedUser } from './microsoftProvider';

/** Leaves the SPA for Microsoft's consent page; a seam so a component test can see where it would go. */
export const leaveForMicrosoft = { go: (url: string) => window.location.assign(url) };

export function MicrosoftDashboardPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.accounts.${key}`, opts);
  const provider = useMicrosoftProvider();
  const queries = useQueryClient();
  const role = useAuth().user?.role;
  const admin = !!role && ADMINS.includes(role);
  const [confirming, setConfirming] = useState<MicrosoftAccount | null>(null);
  const [assigning, setAssigning] = useState<MicrosoftAccount | null>(null);
  const accounts = useQuery({
    queryKey: MICROSOFT_ACCOUNTS_KEY,
    queryFn: ({ signal }) => provider.microsoftAccounts(signal),
    refetchInterval: (q) => ((q.state.data ?? []).some((a) => a.status === 'syncing') ? 3000 : false),
  });
  const status = useQuery({ queryKey: MICROSOFT_STATUS_KEY, queryFn: ({ signal }) => provider.microsoftStatus(signal) });
  const connect = useMutation({ mutationFn: () => provider.microsoftLoginUrl(), onSuccess: (url) => leaveForMicrosoft.go(url) });
  // Each change answers the new list (or the changed mailbox): it goes into the cache at once.
  const store = (rows: MicrosoftAccount[]) => queries.setQueryData(MICROSOFT_ACCOUNTS_KEY, rows);
  const storeOne = (row: MicrosoftAccount | null) =>
    row && queries.setQueryData<MicrosoftAccount[]>(MICROSOFT_ACCOUNTS_KEY, (prev) => (prev ?? []).map((a) => (a.msa_id === row.msa_id ? row : a)));
  const toggle = useMutation({ mutationFn: (target: number | 'all') => provider.microsoftToggle(target), onSuccess: store });
  const disconnect = useMutation({ mutationFn: (msaId: number) => provider.microsoftDisconnect(msaId), onSuccess: store });
  const makeDefault = useMutation({ mutationFn: (msaId: number) => provider.microsoftDefault(msaId), onSuccess: store });
  const sync = useMutation({ mutationFn: (msaId: number) => provider.microsoftSync(msaId), onSuccess: storeOne });
  const assign = useMutation({
    mutationFn: ({ msaId, rows }: { msaId: number; rows: AssignedUser[] }) => provider.microsoftAssignUsers(msaId, rows),
    onSuccess: (row) => {
      storeOne(row);
      setAssigning(null);
    },
  });
  // The http client has already shown why a call was refused.
  const run = (go: () => Promise<unknown>) => void go().catch(() => undefined);
  const rows = accounts.data ?? [];
  const busy = toggle.isPending || disconnect.isPending || connect.isPending || makeDefault.isPending || sync.isPending || assign.isPending;

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        {status.data?.sandbox && <Alert severity="info">{t('sandbox')}</Alert>}
        {status.data && !status.data.configured && <Alert severity="warning">{t('notConfigured')}</Alert>}
        {accounts.isSuccess && rows.length === 0 && <Alert severity="warning">{translate('microsoft.loginRequired')}</Alert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {admin && (
            <Button variant="contained" disabled={busy || status.data?.configured === false} onClick={() => run(() => connect.mutateAsync())}>
              {t('connect')}
            </Button>
          )}
          {rows.length > 0 && (
            <Button variant="outlined" disabled={busy} onClick={() => run(() => toggle.mutateAsync('all'))}>
              {t('toggleAll')}
            </Button>
          )}
          {rows.length > 0 && (
            <Typography variant="body2" aria-live="polite">
              {t('count', { count: rows.length })}
            </Typography>
          )}
        </Box>
        {rows.map((a) => (
          <MicrosoftAccountCard
            key={a.msa_id}
            account={a}
            busy={busy}
            admin={admin}
            onToggle={() => run(() => toggle.mutateAsync(a.msa_id))}
            onSync={() => run(() => sync.mutateAsync(a.msa_id))}
            onDefault={() => run(() => makeDefault.mutateAsync(a.msa_id))}
            onAssign={() => setAssigning(a)}
            onReconnect={() => run(() => connect.mutateAsync())}
            onDisconnect={() => setConfirming(a)}
          />
        ))}
      </Stack>
      <AssignUsersDialog
        key={assigning?.msa_id ?? 0}
        account={assigning}
        busy={assign.isPending}
        onClose={() => setAssigning(null)}
        onSave={(list) => assigning && run(() => assign.mutateAsync({ msaId: assigning.msa_id, rows: list }))}
      />
      <Confirm
        isOpen={confirming !== null}
        title="microsoft.accounts.confirmTitle"
        titleTranslateOptions={{ email: confirming?.msa_email ?? '' }}
        content="microsoft.accounts.confirmText"
        confirm="microsoft.accounts.disconnect"
        cancel="microsoft.accounts.cancel"
        confirmColor="warning"
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const msaId = confirming?.msa_id;
          setConfirming(null);
          if (msaId !== undefined) run(() => disconnect.mutateAsync(msaId));
        }}
      />
    </PageFrame>
  );
}
