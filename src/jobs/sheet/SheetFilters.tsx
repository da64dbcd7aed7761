/** The sheet's filter bar: free text (at least 3 characters), one input per column, and a reset. */
import { Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { JOB_STATUSES, JOB_TAGS, type JobStatus, type JobTag } from '../../enums';
import { searchProblem } from '../../resources/engine/SearchBox';
import { CUSTOMER_VISIBLE_STATUSES } from '../rules';
import { CodesPicker, IdPicker, IdsPicker } from './pickers';
import type { useJobOptions } from './options';
import { EMPTY_FILTER, type SheetFilter } from './sheetState';

interface Props {
  filter: SheetFilter;
  onChange: (filter: SheetFilter) => void;
  options: ReturnType<typeof useJobOptions>;
  staff: boolean;
}

export function SheetFilters({ filter, onChange, options, staff }: Props) {
  const translate = useTranslate();
  const t = (k: string) => translate(`jobs.fields.${k}`);
  const set = <K extends keyof SheetFilter>(key: K, value: SheetFilter[K]) => onChange({ ...filter, [key]: value });
  const problem = searchProblem(filter.stext);
  const statuses = staff ? JOB_STATUSES : CUSTOMER_VISIBLE_STATUSES;
  return (
    <Box role="search" aria-label={translate('jobs.sheet.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: 220 }}
        type="search"
        label={translate('engine.search')}
        value={filter.stext}
        onChange={(e) => set('stext', e.target.value)}
        error={!!problem}
        helperText={problem ? translate(problem) : ' '}
      />
      <CodesPicker<JobStatus> label={t('job_status')} codes={statuses} value={filter.job_status} onChange={(v) => set('job_status', v)} labelOf={(c) => translate(`jobs.status.${c}`)} />
      <IdsPicker label={t('department')} options={options.departments} value={filter.de_id} onChange={(v) => set('de_id', v)} />
      {staff && (
        <>
          <IdPicker label={t('client')} options={options.clients} value={filter.co_id} onChange={(v) => set('co_id', v)} />
          <IdPicker label={t('site')} options={options.sites} value={filter.js_id} onChange={(v) => set('js_id', v)} />
          <IdPicker label={t('pm')} options={options.pms} value={filter.pm_id} onChange={(v) => set('pm_id', v)} />
          <CodesPicker<JobTag> label={t('tags')} codes={JOB_TAGS} value={filter.job_tags} onChange={(v) => set('job_tags', v)} labelOf={(c) => translate(`jobs.tags.${c}`)} />
          <IdPicker label={t('assigned')} options={options.users} value={filter.assigned} onChange={(v) => set('assigned', v)} />
          <IdPicker label={t('engineer')} options={options.engineers} value={filter.engineer} onChange={(v) => set('engineer', v)} />
        </>
      )}
      <TextField size="small" fullWidth={false} sx={{ width: 170 }} type="date" label={translate('jobs.sheet.startFrom')} value={filter.start_from} onChange={(e) => set('start_from', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField size="small" fullWidth={false} sx={{ width: 170 }} type="date" label={translate('jobs.sheet.startTo')} value={filter.start_to} onChange={(e) => set('start_to', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      <Button onClick={() => onChange(EMPTY_FILTER)}>{translate('jobs.sheet.clearFilters')}</Button>
    </Box>
  );
}
