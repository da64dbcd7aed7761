/**
 * "Sync now" above the tax-rate and item lists. Items offer the full sync only while none exist
 * (SPEC point 9); afterwards the sync pulls changes only. A failure (AUTHERROR while there is no
 * accounting connection) is shown by the fetch wrapper; the list refreshes after a sync.
 */
import { Button } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useListContext, useRefresh, useTranslate } from 'ra-core';
import { useMutation } from '@tanstack/react-query';
import { fullItemSyncAllowed } from '../../core/accounting/constants';
import { useAccountingProvider } from './accountingProvider';

export function SyncButton({ resource }: { resource: 'xerotaxrates' | 'xeroitems' }) {
  const translate = useTranslate();
  const provider = useAccountingProvider();
  const refresh = useRefresh();
  const { total, isPending } = useListContext();
  const full = resource === 'xeroitems' && !isPending && fullItemSyncAllowed(total ?? 0);
  const sync = useMutation({ mutationFn: () => provider.accountingSync(resource, full ? { full: true } : {}), onSuccess: refresh });
  return (
    <Button variant="outlined" startIcon={<SyncIcon />} disabled={sync.isPending} onClick={() => sync.mutate()}>
      {translate(sync.isPending ? 'accounting.syncing' : full ? 'accounting.fullSync' : 'accounting.syncNow')}
    </Button>
  );
}
