/**
 * /sheet: the job list. Filter and sort come back from client storage (SPEC.md point 3) and are
 * saved on every change; 20 rows a page with the total; export of the filtered list to .xlsx.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { Box, Button, LinearProgress, Pagination, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
import { BulkBar } from './BulkBar';
import { FilterDrawer } from './FilterDrawer';
import { SavedViews } from './SavedViews';
import { SheetTable, jobPath } from './SheetTable';
import {
  FILTER_PARAM,
  SHEET_PAGE_SIZE,
  filterFrom,
  filterFromParam,
  loadFilter,
  loadSort,
  nextSort,
  saveFilter,
  saveSort,
  sortFrom,
  sortParam,
  toWireFilter,
  type SheetFilter,
} from './sheetState';

/** Typing waits this long before the list is asked again. */
const TYPING_MS = 400;

function useJobPage(filter: SheetFilter, sort: JobSorting, page: number) {
  const provider = useJobsProvider();
  // The query is keyed by what goes on the wire: a change that sends nothing new asks nothing.
  const wire = JSON.stringify({ filter: toWireFilter(filter), sort: sortParam(sort), page });
  // The first ask goes at once (back on the sheet, the page in the cache shows at once and is
  // refreshed behind); a change waits for the typing to settle.
  const request = useSettled(wire, TYPING_MS, true);
  const {
    data: fetched,
    isFetching,
    isPlaceholderData,
  } = useQuery({
    queryKey: ['jobs', 'sheet', request],
    queryFn: ({ signal }) =>
      provider.jobSheet({ ...(JSON.parse(request as string) as { filter: Row; sort: string; page: number }), perPage: SHEET_PAGE_SIZE }, signal),
    enabled: request !== undefined,
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  // The rows render in a transition: arriving, they do not hold the page in one long task.
  const data = useDeferredValue(fetched);
  // Nothing shown yet is loading too: "0 jobs" would be a wrong answer. A refresh of the rows on
  // screen is not: they stay as they are until the answer replaces them.
  return { rows: data?.rows ?? [], total: data?.total ?? 0, loading: data === undefined || (isFetching && isPlaceholderData) };
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
  const [params, setParams] = useSearchParams();
  const param = params.get(FILTER_PARAM);
  const [filter, setFilter] = useState<SheetFilter>(() => filterFromParam(param) ?? loadFilter());
  const [sort, setSort] = useState<JobSorting>(() => loadSort());
  const [page, setPage] = useState(1);
  // A link's filter (a home page figure, a saved view) becomes the sheet's filter, also when the sheet is already open.
  const [seenParam, setSeenParam] = useState(param);
  if (param !== seenParam) {
    setSeenParam(param);
    const linked = filterFromParam(param);
    if (linked) {
      setFilter(linked);
      setPage(1);
    }
  }
  // It is kept like a typed one, and leaves the URL so that a reload does not undo later changes.
  useEffect(() => {
    const linked = filterFromParam(param);
    if (!linked) return;
    saveFilter(linked);
    setParams(
      (p) => {
        p.delete(FILTER_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [param, setParams]);
  const { rows, total, loading } = useJobPage(filter, sort, page);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  function select(ids: number[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setSelected(next);
  }

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
        {staff && (
          <SavedViews
            filter={filter}
            sort={sort}
            onApply={(view) => {
              changeFilter(filterFrom(view.filter));
              const restored = sortFrom(view.sort);
              setSort(restored);
              saveSort(restored);
            }}
          />
        )}
        <Typography data-testid="sheet-total" aria-live="polite">
          {loading ? translate('jobDesk.loading') : translate('jobs.sheet.total', { count: total })}
        </Typography>
      </Stack>
      <FilterDrawer filter={filter} onChange={changeFilter} options={options} staff={staff} />
      {staff && selected.size > 0 && <BulkBar selected={selected} onDone={(ids) => setSelected(new Set(ids))} />}
      {/* The bar's place is kept while nothing loads: the table does not move when its rows arrive. */}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={translate('jobDesk.loading')} />}</Box>
      {rows.length === 0 && !loading ? (
        <Typography>{translate('jobs.sheet.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <SheetTable
            rows={rows}
            sort={sort}
            onSort={changeSort}
            onOpen={(id) => navigate(jobPath(id))}
            staff={staff}
            selected={staff ? selected : undefined}
            onSelect={select}
          />
        </Box>
      )}
      <Pagination count={pages} page={Math.min(page, pages)} onChange={(_, p) => setPage(p)} size="small" />
    </PageFrame>
  );
}
