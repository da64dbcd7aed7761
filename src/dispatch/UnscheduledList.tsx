/** The open jobs waiting for an engineer or a time: searchable, 20 a page, each draggable onto a lane. */
import { Box, Pagination, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DispatchWeek } from '../../core/dispatch/types';
import { MIN_SEARCH_CHARS } from '../../core/lists/search';
import type { DragItem } from './dragIds';
import { JobCard } from './JobCard';

interface Props {
  unscheduled: DispatchWeek['unscheduled'] | undefined;
  zone: string;
  search: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onSchedule: (item: DragItem) => void;
}

export function UnscheduledList({ unscheduled, zone, search, onSearch, onPage, onSchedule }: Props) {
  const t = useTranslate();
  const short = search.trim().length > 0 && search.trim().length < MIN_SEARCH_CHARS;
  const total = unscheduled?.totalCount ?? 0;
  return (
    <Box component="section" aria-labelledby="dispatch-unscheduled" sx={{ minWidth: 0 }}>
      <Typography id="dispatch-unscheduled" variant="h6" component="h2">
        {t('dispatch.unscheduled')}
      </Typography>
      <TextField
        size="small"
        type="search"
        label={t('dispatch.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        error={short}
        helperText={short ? t('validation.minSearch') : t('dispatch.dragHint')}
        sx={{ my: 1 }}
      />
      {unscheduled && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {total ? t('dispatch.unscheduledCount', { count: total, smart_count: total }) : t('dispatch.noneWaiting')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {unscheduled?.data.map((job) => (
          <li key={job.job_id}>
            <JobCard item={{ job }} zone={zone} onSchedule={onSchedule} />
          </li>
        ))}
      </Box>
      {unscheduled && total > unscheduled.pageSize && (
        <Pagination
          size="small"
          count={Math.ceil(total / unscheduled.pageSize)}
          page={unscheduled.page}
          onChange={(_, p) => onPage(p)}
          aria-label={t('dispatch.moreJobs')}
        />
      )}
    </Box>
  );
}
