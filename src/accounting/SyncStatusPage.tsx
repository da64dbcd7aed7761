/**
 * /xero/sync-status (Developer): what waits to be pushed to the accounting system — entity,
 * operation, attempts, next try, code and message — 20 a page, with "Retry now" per row and a
 * soft delete of the chosen rows (xsp_ids).
 */
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/authStore';
import { notify } from '../notices/noticeStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formatWireDate } from '../resources/engine/dateText';
import { useAccountingProvider } from './accountingProvider';
import { syncMessage, toggleChosen } from './syncMessage';

const PER_PAGE = 20;
const KEY = ['xeroadmin', 'syncpending'];

export function SyncStatusPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`accounting.syncStatus.${key}`, opts);
  const provider = useAccountingProvider();
  const queries = useQueryClient();
  const dateFormat = useAuth().user?.settings.dateFormat;
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const list = useQuery({ queryKey: [...KEY, page], queryFn: ({ signal }) => provider.syncPending({ page, perPage: PER_PAGE }, signal) });
  const changed = () => queries.invalidateQueries({ queryKey: KEY });
  const retry = useMutation({
    mutationFn: (id: number) => provider.syncPendingRetry(id),
    onSuccess: () => {
      notify('success', t('retried'));
      return changed();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => provider.syncPendingDelete(ids),
    onSuccess: (count) => {
      notify('success', t('deleted', { count }));
      setChosen([]);
      return changed();
    },
  });
  const rows = list.data?.rows ?? [];
  const pageIds = rows.map((r) => r.xsp_id);
  const allChosen = pageIds.length > 0 && pageIds.every((id) => chosen.includes(id));

  return (
    <PageFrame title={title}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 1 }}>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={!chosen.length || remove.isPending} onClick={() => remove.mutate(chosen)}>
          {t('deleteSelected', { count: chosen.length })}
        </Button>
      </Box>
      {list.isSuccess && rows.length === 0 ? (
        <Alert severity="info">{t('empty')}</Alert>
      ) : (
        // Wide tables scroll inside their box on phones instead of widening the page.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen}
                    onChange={() => setChosen(toggleChosen(chosen, pageIds, null))}
                    slotProps={{ input: { 'aria-label': t('selectAll') } }}
                  />
                </TableCell>
                {['entity', 'operation', 'attempts', 'nextTry', 'status', 'code', 'message'].map((k) => (
                  <TableCell key={k}>{t(k)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.xsp_id}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.includes(r.xsp_id)}
                      onChange={() => setChosen(toggleChosen(chosen, pageIds, r.xsp_id))}
                      slotProps={{ input: { 'aria-label': t('selectOf', { id: r.xsp_id }) } }}
                    />
                  </TableCell>
                  <TableCell>{`${r.kind} #${r.local_id}`}</TableCell>
                  <TableCell>{r.op}</TableCell>
                  <TableCell>{r.attempts}</TableCell>
                  <TableCell>{formatWireDate(r.next_attempt_at, dateFormat)}</TableCell>
                  <TableCell>{t(`statuses.${r.status}`)}</TableCell>
                  <TableCell>{r.error_code ?? ''}</TableCell>
                  <TableCell>{syncMessage(r, translate)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<ReplayIcon />}
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(r.xsp_id)}
                      aria-label={t('retryOf', { id: r.xsp_id })}
                    >
                      {t('retryNow')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page - 1}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_, p) => setPage(p + 1)}
      />
    </PageFrame>
  );
}
