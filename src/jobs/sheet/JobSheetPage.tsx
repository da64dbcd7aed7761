/**
 * /sheet: the job list. Filter and sort come back from client storage (SPEC.md point 3) and are
 * saved on every change; 20 rows a page with the total; export of the filtered list to .xlsx.
 */
import { useState } from 'react';
import { Box, Button, LinearProgress, Pagination, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBrand } from '../../brand/BrandContext';
import { notify } from '../../notices/noticeStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import type { JobSorting } from '../../storage/clientStorage';
import { useJobsProvider, type Row } from '../jobsProvider';
import { useSettled } from '../../util/useSettled';
import { exportJobs, saveBlob, type ExportProgress } from './exportJobs';
import { useIsStaff, useJobOptions } from './options';
import { SheetFilters } from './SheetFilters';
import { SheetTable } from './SheetTable';
import { SHEET_PAGE_SIZE, loadFilter, loadSort, nextSort, saveFilter, saveSort, sortParam, toWireFilter, type SheetFilter } from './sheetState';

/** Typing waits this long before the list is asked again. */
const TYPING_MS = 400;

function useJobPage(filter: SheetFilter, sort: JobSorting, page: number) {
  const provider = useJobsProvider();
  // The query is keyed by what goes on the wire: a change that sends nothing new asks nothing.
  const request = useSettled(JSON.stringify({ filter: toWireFilter(filter), sort: sortParam(sort), page }), TYPING_MS);
  const { data, isFetching } = useQuery({
    queryKey: ['jobs', 'sheet', request],
    queryFn: ({ signal }) =>
      provider.jobSheet({ ...(JSON.parse(request as string) as { filter: Row; sort: string; page: number }), perPage: SHEET_PAGE_SIZE }, signal),
    enabled: request !== undefined,
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  return { rows: data?.rows ?? [], total: data?.total ?? 0, loading: isFetching };
}

function ExportButton({ filter, sort }: { filter: SheetFilter; sort: JobSorting }) {
  const translate = useTranslate();
  const apiUrl = useBrand().apiUrl;
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  async function run() {
    setProgress({ received: 0, total: null });
    try {
      await exportJobs(apiUrl, toWireFilter(filter), sortParam(sort), setProgress, { fetch: (i, init) => globalThis.fetch(i, init), save: saveBlob });
    } catch {
      notify('error', translate('jobs.errors.exportFailed'));
    } finally {
      setProgress(null);
    }
  }
  const percent = progress?.total ? Math.min(100, (progress.received / progress.total) * 100) : undefined;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button variant="outlined" onClick={() => void run()} disabled={!!progress}>
        {translate('jobs.sheet.export')}
      </Button>
      {progress && (
        <Box sx={{ minWidth: 180 }}>
          <LinearProgress
            aria-label={translate('jobs.sheet.exportProgress')}
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
          />
          <Typography variant="caption">{translate('jobs.sheet.exporting', { kb: Math.round(progress.received / 1024) })}</Typography>
        </Box>
      )}
    </Stack>
  );
}

export function JobSheetPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const staff = useIsStaff();
  const options = useJobOptions();
  const [filter, setFilter] = useState<SheetFilter>(() => loadFilter());
  const [sort, setSort] = useState<JobSorting>(() => loadSort());
  const [page, setPage] = useState(1);
  const { rows, total, loading } = useJobPage(filter, sort, page);

  function changeFilter(next: SheetFilter) {
    setFilter(next);
    saveFilter(next);
    setPage(1);
  }
  function changeSort(field: string) {
    const next = nextSort(sort, field);
    setSort(next);
    saveSort(next);
  }
  const pages = Math.max(1, Math.ceil(total / SHEET_PAGE_SIZE));
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
        {staff && (
          <Button variant="contained" onClick={() => navigate('/sheet/new/details')}>
            {translate('jobs.sheet.newJob')}
          </Button>
        )}
        <ExportButton filter={filter} sort={sort} />
        <Typography data-testid="sheet-total">{translate('jobs.sheet.total', { count: total })}</Typography>
      </Stack>
      <SheetFilters filter={filter} onChange={changeFilter} options={options} staff={staff} />
      {loading && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows.length === 0 && !loading ? (
        <Typography>{translate('jobs.sheet.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <SheetTable rows={rows} sort={sort} onSort={changeSort} onOpen={(id) => navigate(`/sheet/${id}/details`)} staff={staff} />
        </Box>
      )}
      <Pagination count={pages} page={Math.min(page, pages)} onChange={(_, p) => setPage(p)} size="small" />
    </PageFrame>
  );
}
