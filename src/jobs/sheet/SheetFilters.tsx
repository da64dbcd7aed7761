/** The sheet's filter bar: free text (at least 3 characters), one input per column, and a reset. */
import { Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { JOB_STATUSES, JOB_TAGS, type JobStatus, type JobTag } from '../../../core/enums';
import { searchProblem } from '../../../core/lists/search';
import { CUSTOMER_VISIBLE_STATUSES } from '../../../core/jobs/rules';
import { CodesPicker, IdsPicker } from './pickers';
import { ReferencePicker } from '../../pickers/ReferencePicker';
import { DateField } from '../../dates/DateField';
import { REFERENCES } from '../../pickers/references';
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
  const dateField = (key: 'start_from' | 'start_to' | 'end_from' | 'end_to', label: string) => (
    <DateField width={170} label={translate(`jobs.sheet.${label}`)} value={filter[key]} onChange={(day) => set(key, day)} />
  );
  const moneyField = (key: 'net_quote_min' | 'net_quote_max' | 'net_sales_min' | 'net_sales_max', label: string) => (
    <TextField
      size="small"
      fullWidth={false}
      sx={{ width: 140 }}
      type="number"
      label={translate(`jobs.sheet.${label}`)}
      value={filter[key]}
      onChange={(e) => set(key, e.target.value)}
      slotProps={{ htmlInput: { step: '0.01' } }}
    />
  );
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
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: 150 }}
        label={t('job_number')}
        value={filter.job_number}
        onChange={(e) => set('job_number', e.target.value)}
      />
      <CodesPicker<JobStatus>
        label={t('job_status')}
        codes={statuses}
        value={filter.job_status}
        onChange={(v) => set('job_status', v)}
        labelOf={(c) => translate(`jobs.status.${c}`)}
      />
      <IdsPicker label={t('department')} options={options.departments} value={filter.de_id} onChange={(v) => set('de_id', v)} />
      {staff && (
        <>
          <ReferencePicker reference={REFERENCES.jobClient} label={t('client')} value={filter.co_id} onChange={(v) => set('co_id', v)} />
          <ReferencePicker reference={REFERENCES.site} label={t('site')} value={filter.js_id} onChange={(v) => set('js_id', v)} />
          <ReferencePicker reference={REFERENCES.propertyManager} label={t('pm')} value={filter.pm_id} onChange={(v) => set('pm_id', v)} />
          <CodesPicker<JobTag>
            label={t('tags')}
            codes={JOB_TAGS}
            value={filter.job_tags}
            onChange={(v) => set('job_tags', v)}
            labelOf={(c) => translate(`jobs.tags.${c}`)}
          />
          <ReferencePicker reference={REFERENCES.staff} label={t('assigned')} value={filter.assigned} onChange={(v) => set('assigned', v)} />
          <ReferencePicker reference={REFERENCES.engineer} label={t('engineer')} value={filter.engineer} onChange={(v) => set('engineer', v)} />
        </>
      )}
      {dateField('start_from', 'startFrom')}
      {dateField('start_to', 'startTo')}
      {dateField('end_from', 'endFrom')}
      {dateField('end_to', 'endTo')}
      {staff && (
        <>
          {moneyField('net_quote_min', 'quoteMin')}
          {moneyField('net_quote_max', 'quoteMax')}
          {moneyField('net_sales_min', 'salesMin')}
          {moneyField('net_sales_max', 'salesMax')}
        </>
      )}
      <Button onClick={() => onChange(EMPTY_FILTER)}>{translate('jobs.sheet.clearFilters')}</Button>
    </Box>
  );
}
