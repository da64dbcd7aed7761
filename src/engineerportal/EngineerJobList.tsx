/** The engineer's jobs (engineer view without an id): filter by job number, site and status, 10 a page; cards at phone width. */
import { useDeferredValue, useState } from 'react';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDateText } from '../jobs/sheet/useDateFormat';
import { useNavigate } from 'react-router-dom';
import { JOB_STATUSES } from '../../core/enums';
import type { EngineerJobRow } from '../../core/jobs/costs/types';
import { usePhoneWidth } from './usePhoneWidth';
import { useSettled } from '../util/useSettled';
import { ENGINEER_KEY, ENGINEER_PAGE_SIZE, useEngineerProvider, type EngineerFilter } from './engineerProvider';

const NO_JOBS = { rows: [], total: 0 };

export function EngineerJobList() {
  const translate = useTranslate();
  const dateText = useDateText();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesCosts.engineer.${key}`, opts);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<{ job_number: string; jobsite_name: string; status: string }>({ job_number: '', jobsite_name: '', status: '' });
  const [page, setPage] = useState(1);
  const provider = useEngineerProvider();
  const body: EngineerFilter = { job_number: filter.job_number, jobsite_name: filter.jobsite_name, job_status_ids: filter.status ? [filter.status] : [] };
  // Typing waits a moment so each key press does not become a request; the first ask goes at once.
  const request = useSettled(JSON.stringify({ body, page }), 300, true);
  const { data: fetched = NO_JOBS } = useQuery({
    queryKey: [ENGINEER_KEY, 'jobs', request],
    queryFn: ({ signal }) => {
      const asked = JSON.parse(request as string) as { body: EngineerFilter; page: number };
      return provider.engineerJobs(asked.body, asked.page, signal);
    },
    placeholderData: keepPreviousData,
    enabled: request !== undefined,
  });
  // The rows render in a transition: a slow phone's first paint is not held by one long task.
  const data = useDeferredValue(fetched);

  const change = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const status = (s: string) => translate(`salesCosts.enums.job_statuses.${s}`);
  const phone = usePhoneWidth();
  const openButton = (r: EngineerJobRow) => (
    <Button size="small" onClick={() => navigate(`/engineer-view/${r.job_id}`)} aria-label={t('open', { number: r.job_number ?? r.job_id })}>
      {t('open', { number: r.job_number ?? r.job_id })}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="search" aria-label={t('search')}>
        <TextField size="small" label={t('jobNumber')} value={filter.job_number} onChange={(e) => change({ job_number: e.target.value })} />
        <TextField size="small" label={t('site')} value={filter.jobsite_name} onChange={(e) => change({ jobsite_name: e.target.value })} />
        <TextField select size="small" label={t('status')} value={filter.status} onChange={(e) => change({ status: e.target.value })} sx={{ minWidth: 180 }}>
          <MenuItem value="">—</MenuItem>
          {JOB_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {status(s)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {phone ? (
        <Stack spacing={1} component="ul" aria-label={t('jobs')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.rows.length === 0 && <Typography component="li">{t('noJobs')}</Typography>}
          {data.rows.map((r) => (
            <Card key={r.job_id} variant="outlined" component="li">
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="subtitle1" component="h3">
                  {r.job_number} · {status(r.job_status)}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.js_address}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {r.job_desc}
                </Typography>
                {r.job_start && <Typography variant="caption">{`${t('start')}: ${dateText(r.job_start)}`}</Typography>}
              </CardContent>
              <CardActions>{openButton(r)}</CardActions>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label={t('jobs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('jobNumber')}</TableCell>
              <TableCell>{t('status')}</TableCell>
              <TableCell>{t('site')}</TableCell>
              <TableCell>{t('description')}</TableCell>
              <TableCell>{t('start')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('noJobs')}</TableCell>
              </TableRow>
            )}
            {data.rows.map((r) => (
              <TableRow key={r.job_id} hover>
                <TableCell>{r.job_number}</TableCell>
                <TableCell>{status(r.job_status)}</TableCell>
                <TableCell>{r.js_address}</TableCell>
                <TableCell>{r.job_desc}</TableCell>
                <TableCell>{dateText(r.job_start)}</TableCell>
                <TableCell>{openButton(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={data.total}
        page={page - 1}
        rowsPerPage={ENGINEER_PAGE_SIZE}
        rowsPerPageOptions={[ENGINEER_PAGE_SIZE]}
        onPageChange={(_, p) => setPage(p + 1)}
      />
    </Stack>
  );
}
