/**
 * "Sync": queues the two-way sync of the user's selected accounts and shows its progress (polled
 * while it runs), then how many tasks need a choice, or why it stopped. The task lists refresh when
 * it is done.
 */
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASKS_KEY, TASKS_SYNC_KEY, useTasksProvider } from './tasksProvider';
import { useTasksText } from './useTasksText';

export function TasksSyncButton() {
  const t = useTasksText();
  const provider = useTasksProvider();
  const queries = useQueryClient();
  const states = useQuery({
    queryKey: TASKS_SYNC_KEY,
    queryFn: ({ signal }) => provider.tasksSyncState(signal),
    refetchInterval: (q) => (q.state.data?.some((s) => s.running) ? 1000 : false),
  });
  const sync = useMutation({
    mutationFn: () => provider.tasksSync(),
    onSuccess: (answer) => queries.setQueryData(TASKS_SYNC_KEY, answer),
  });
  const running = (states.data ?? []).filter((s) => s.running);
  const wasRunning = useRef(false);
  useEffect(() => {
    // A sync just ended: what it brought in shows.
    if (wasRunning.current && running.length === 0) void queries.invalidateQueries({ queryKey: TASKS_KEY });
    wasRunning.current = running.length > 0;
  }, [running.length, queries]);
  const conflicts = (states.data ?? []).reduce((n, s) => n + s.conflicts, 0);
  const errors = (states.data ?? []).filter((s) => s.error).map((s) => `${s.email ?? s.ga_id}: ${s.error}`);
  const done = running.reduce((n, s) => n + s.done, 0);
  const total = running.reduce((n, s) => n + s.total, 0);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<SyncIcon />}
        disabled={sync.isPending || running.length > 0}
        // The http client has already shown why a refused sync was refused.
        onClick={() => void sync.mutateAsync().catch(() => undefined)}
      >
        {t('sync')}
      </Button>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }} aria-live="polite">
        {running.length > 0 ? (
          <>
            <Typography variant="body2">{t('syncing', { email: running[0].email ?? '', done, total })}</Typography>
            <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={total ? (100 * done) / total : undefined} aria-label={t('sync')} />
          </>
        ) : (
          states.data?.some((s) => s.last_sync_at) && <Typography variant="body2">{t('synced', { count: conflicts })}</Typography>
        )}
        {errors.map((e) => (
          <Typography key={e} variant="body2" color="error">
            {e}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
