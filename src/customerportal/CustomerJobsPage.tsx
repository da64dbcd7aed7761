/**
 * /portal, the customer's jobs (issue 24), phone first: one card per job with its status, site and
 * next appointment window, 20 a page, and a search over number, description, order number and site.
 */
import { useState } from 'react';
import { Button, Card, CardActionArea, CardContent, Pagination, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { CUSTOMER_PAGE_SIZE } from '../../core/customerportal/types';
import { MIN_SEARCH_CHARS } from '../../core/lists/search';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useSettled } from '../util/useSettled';
import { CUSTOMER_KEY, useCustomerProvider } from './customerProvider';
import { StatusChip, useAppointmentText } from './portalParts';

const NO_JOBS = { rows: [], total: 0 };

export function CustomerJobsPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.jobs.${key}`, opts);
  const provider = useCustomerProvider();
  const appointment = useAppointmentText();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  // Fewer than three characters is no search yet (SPEC.md point 5), not an error on every key.
  const stext = text.trim().length >= MIN_SEARCH_CHARS ? text.trim() : '';
  const request = useSettled(JSON.stringify({ stext, page }), 300);
  const { data = NO_JOBS, isFetched } = useQuery({
    queryKey: [CUSTOMER_KEY, 'jobs', request],
    queryFn: ({ signal }) => {
      const asked = JSON.parse(request as string) as { stext: string; page: number };
      return provider.customerJobs(asked.stext ? { stext: asked.stext } : {}, asked.page, signal);
    },
    placeholderData: keepPreviousData,
    enabled: request !== undefined,
  });
  const pages = Math.max(1, Math.ceil(data.total / CUSTOMER_PAGE_SIZE));

  return (
    <PageFrame title={title}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" role="search">
          <TextField
            size="small"
            fullWidth
            label={t('search')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
          />
          <Button component={RouterLink} to="/portal/request" variant="contained" startIcon={<AddIcon />} sx={{ flexShrink: 0 }}>
            {translate('customerPortal.menu.request')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('count', { count: data.total })}
        </Typography>
        {isFetched && data.rows.length === 0 && <Typography>{t('empty')}</Typography>}
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {data.rows.map((r) => (
            <Card key={r.job_id} component="li" variant="outlined">
              <CardActionArea component={RouterLink} to={`/portal/jobs/${r.job_id}`}>
                <CardContent>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                      {r.job_number ?? t('draft')}
                    </Typography>
                    <StatusChip status={r.job_status} />
                  </Stack>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {r.job_desc}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[r.js_address, r.js_postcode].filter(Boolean).join(', ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('appointment')}: {appointment(r.job_start, r.job_end)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        {pages > 1 && <Pagination count={pages} page={page} onChange={(_, n) => setPage(n)} siblingCount={0} />}
      </Stack>
    </PageFrame>
  );
}
