/**
 * "Sync now" above the tax-rate and item lists, and "Sync with Xero" above the contacts (both ways,
 * for the roles that may start it). Items offer the full sync only while none exist
 * (SPEC point 9); afterwards the sync pulls changes only. The server queues the pull and answers
 * at once; while it runs, the button polls GET xeroadmin/syncstate (react-query refetchInterval)
 * and shows the progress, then the result: how many records came, or the XE_* code's text of what
 * stopped it. A failure to start (AUTHERROR without a connection) is shown by the fetch wrapper.
 * The state is read on opening too, so a sync still running after a reload shows its progress.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useListContext, useRefresh, useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTING_ADMIN_GATE, fullItemSyncAllowed, isXeroCode, type SyncResource, type SyncStateWire } from '../../core/accounting/constants';
import { useAllowed } from '../jobs/sheet/options';
import { refreshPreloaded } from '../preload/preloadStore';
import { useAccountingProvider } from './accountingProvider';

type ListResource = 'xerotaxrates' | 'xeroitems' | 'contacts';

const SYNC_OF: Record<ListResource, SyncResource> = { xerotaxrates: 'taxrates', xeroitems: 'items', contacts: 'contacts' };
/** How often a running sync's progress is read. */
export const SYNC_POLL_MS = 1000;
export const SYNC_STATE_KEY = ['accounting', 'syncstate'];

export function SyncButton({ resource }: { resource: ListResource }) {
  const translate = useTranslate();
  const { total, isPending } = useListContext();
  const full = resource === 'xeroitems' && !isPending && fullItemSyncAllowed(total ?? 0);
  const { state, start, starting } = useSync(resource, full);
  // A stalled run (its job lost, or waiting for Xero's daily limit) is offered again: a click resumes it from its page.
  const busy = starting || (!!state?.running && !state.stalled);
  return (
    <Stack spacing={1} sx={{ minWidth: { xs: '100%', sm: 240 } }}>
      <Button variant="outlined" startIcon={<SyncIcon />} disabled={busy} onClick={start}>
        {translate(busy ? 'accounting.syncing' : full ? 'accounting.fullSync' : resource === 'contacts' ? 'accounting.syncContacts' : 'accounting.syncNow')}
      </Button>
      <SyncProgress state={state} />
    </Stack>
  );
}

/** The contact list's two-way sync, shown only to the roles its call allows (the server checks again). */
export function ContactSyncButton() {
  return useAllowed(ACCOUNTING_ADMIN_GATE) ? <SyncButton resource="contacts" /> : null;
}

/** The progress bar while running, then the outcome of the sync (nothing before the first one). */
export function SyncProgress({ state }: { state: SyncStateWire | null }) {
  const translate = useTranslate();
  if (!state) return null;
  if (state.running) {
    const known = state.total > 0;
    return (
      <Box>
        <LinearProgress
          aria-label={translate('accounting.syncProgress')}
          variant={known ? 'determinate' : 'indeterminate'}
          value={known ? Math.min(100, (state.done / state.total) * 100) : undefined}
        />
        {known && (
          <Typography variant="caption" role="status">
            {translate('accounting.progressOf', { done: state.done, total: state.total })}
          </Typography>
        )}
      </Box>
    );
  }
  if (state.error) {
    const message = isXeroCode(state.error) ? translate(`xeroCodes.${state.error}`) : state.error;
    return (
      <Alert severity="error" role="alert">
        {translate('accounting.syncStopped', { message })}
      </Alert>
    );
  }
  if (!state.last_run_at) return null;
  return (
    <Alert severity={state.notice ? 'warning' : 'success'} role="status">
      {translate(state.resource === 'contacts' ? 'accounting.contactsSynced' : 'accounting.synced', { count: state.done })}
      {state.notice ? ` ${state.notice}` : ''}
    </Alert>
  );
}

/** Starts the list's sync and follows its state until it stops; the list and the preloaded choices refresh then. */
function useSync(resource: ListResource, full: boolean) {
  const provider = useAccountingProvider();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const key = SYNC_OF[resource];
  const states = useQuery({
    queryKey: SYNC_STATE_KEY,
    queryFn: ({ signal }) => provider.accountingSyncState(signal),
    refetchInterval: (query) => (query.state.data?.some((s) => s.resource === key && s.running) ? SYNC_POLL_MS : false),
  });
  const state = states.data?.find((s) => s.resource === key) ?? null;
  const sync = useMutation({
    mutationFn: () => provider.accountingSync(resource, full ? { full: true } : {}),
    onSuccess: (answered) => {
      if (answered) queryClient.setQueryData<SyncStateWire[]>(SYNC_STATE_KEY, (old = []) => [...old.filter((s) => s.resource !== key), answered]);
      void queryClient.invalidateQueries({ queryKey: SYNC_STATE_KEY });
    },
  });
  // Once a run this page followed has ended, the rows it pulled are shown.
  const wasRunning = useRef(false);
  const running = !!state?.running;
  useEffect(() => {
    if (wasRunning.current && !running) {
      refresh();
      void refreshPreloaded(resource);
    }
    wasRunning.current = running;
  }, [running, refresh, resource]);
  return { state, start: () => sync.mutate(), starting: sync.isPending };
}
