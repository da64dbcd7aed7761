/**
 * The count of mails waiting in triage, beside the menu's "Mails to file": read again when the live
 * stream says an account's mail changed (a sync, or someone's filing) or reconnected, and by a slow
 * poll only while the stream is down; filing from the triage page refreshes it with the list.
 */
import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { liveConnected, useLiveEvents } from '../../events/liveEvents';
import { UNROUTED_KEY, useRoutingProvider } from './routingProvider';

export const TRIAGE_COUNT_KEY = [...UNROUTED_KEY, 'count'] as const;
const POLL_MS = 60_000;

export function TriageMenuCount() {
  const t = useTranslate();
  const provider = useRoutingProvider();
  const queries = useQueryClient();
  const { data: count = 0 } = useQuery({
    queryKey: TRIAGE_COUNT_KEY,
    queryFn: ({ signal }) => provider.unroutedCount(signal),
    refetchInterval: () => (liveConnected.get() ? false : POLL_MS),
  });
  useLiveEvents(['mail', 'resync'], () => void queries.invalidateQueries({ queryKey: TRIAGE_COUNT_KEY }));
  if (!count) return null;
  return (
    <Box
      component="span"
      data-testid="triage-count"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        textAlign: 'center',
        borderRadius: 11,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        lineHeight: '20px',
      }}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span style={visuallyHidden}>{t('mailRouting.triage.menuCount', { count })}</span>
    </Box>
  );
}
