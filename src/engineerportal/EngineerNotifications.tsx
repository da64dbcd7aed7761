/**
 * The engineer's own notifications above their job list (GET engineerportal/notifications, 10 a
 * page): what happened, on which job, when and by whom, each removable on its own; cards at phone width.
 */
import { useDeferredValue, useState } from 'react';
import { Button, Card, CardActions, CardContent, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { EngineerNotification } from '../../core/engineerportal/types';
import { ENGINEER_KEY, ENGINEER_PAGE_SIZE, useEngineerProvider } from './engineerProvider';
import { usePhoneWidth } from './usePhoneWidth';

const NO_ROWS = { rows: [], total: 0 };

export function EngineerNotifications() {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`engineerPortal.notifications.${key}`, opts);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const provider = useEngineerProvider();
  const queryClient = useQueryClient();
  const { data: fetched = NO_ROWS } = useQuery({
    queryKey: [ENGINEER_KEY, 'notifications', page],
    queryFn: ({ signal }) => provider.engineerNotifications(page, signal),
    placeholderData: keepPreviousData,
  });
  // The rows render in a transition: a slow phone's first paint is not held by one long task.
  const data = useDeferredValue(fetched);

  const remove = (id: number) =>
    void provider
      .engineerRemoveNotification(id)
      .then((done) => {
        // The last row of a later page gone: step back so the page is not empty.
        if (done && data.rows.length === 1 && page > 1) setPage(page - 1);
        else if (done) void queryClient.invalidateQueries({ queryKey: [ENGINEER_KEY, 'notifications'] });
      })
      .catch(() => undefined);

  const phone = usePhoneWidth();
  const typeOf = (n: EngineerNotification) => translate(`reminders.types.${n.notif_type}`);
  const jobLink = (n: EngineerNotification) =>
    n.job_id ? (
      <Button size="small" onClick={() => navigate(`/engineer-view/${n.job_id}`)}>
        {n.job_number ?? n.job_id}
      </Button>
    ) : (
      '—'
    );
  const removeButton = (n: EngineerNotification) => (
    <Button size="small" color="error" onClick={() => remove(n.notif_id)} aria-label={t('remove', { n: `${typeOf(n)} ${n.job_number ?? ''}`.trim() })}>
      {t('removeShort')}
    </Button>
  );

  return (
    <Stack spacing={1} component="section" aria-label={t('title')}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      {phone ? (
        <Stack spacing={1} component="ul" aria-label={t('title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.rows.length === 0 && <Typography component="li">{t('none')}</Typography>}
          {data.rows.map((n) => (
            <Card key={n.notif_id} variant="outlined" component="li">
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="subtitle2">{typeOf(n)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {n.created_at.slice(0, 16)} · {n.created_by_name ?? '—'}
                </Typography>
              </CardContent>
              <CardActions>
                {jobLink(n)}
                {removeButton(n)}
              </CardActions>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('type')}</TableCell>
              <TableCell>{t('job')}</TableCell>
              <TableCell>{t('when')}</TableCell>
              <TableCell>{t('from')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('none')}</TableCell>
              </TableRow>
            )}
            {data.rows.map((n) => (
              <TableRow key={n.notif_id}>
                <TableCell>{typeOf(n)}</TableCell>
                <TableCell>{jobLink(n)}</TableCell>
                <TableCell>{n.created_at.slice(0, 16)}</TableCell>
                <TableCell>{n.created_by_name ?? '—'}</TableCell>
                <TableCell>{removeButton(n)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data.total > ENGINEER_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={data.total}
          page={page - 1}
          rowsPerPage={ENGINEER_PAGE_SIZE}
          rowsPerPageOptions={[ENGINEER_PAGE_SIZE]}
          onPageChange={(_, p) => setPage(p + 1)}
        />
      )}
    </Stack>
  );
}
