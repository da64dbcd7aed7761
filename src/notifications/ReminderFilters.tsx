/**
 * The reminder list's filter bar: types, flag, free text (at least 3 characters, over the job
 * number and the notification's details) and the start of a job number. `toWireFilter` builds the
 * body of POST notifications/filter, leaving out what is empty or too short to search.
 */
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { NOTIFICATION_TYPES, type NotificationType } from '../../core/enums';
import { CodesPicker } from '../jobs/sheet/pickers';
import { searchableText, searchProblem } from '../../core/lists/search';

export type FlagFilter = 'all' | 'flagged' | 'unflagged';

export interface ReminderFilter {
  types: NotificationType[];
  flag: FlagFilter;
  stext: string;
  job_number: string;
}

export const EMPTY_REMINDER_FILTER: ReminderFilter = { types: [], flag: 'all', stext: '', job_number: '' };

export function toWireFilter(f: ReminderFilter): Record<string, unknown> {
  const out: Record<string, unknown> = { types: f.types.length ? f.types : null, flagged: f.flag === 'all' ? null : f.flag === 'flagged' };
  const text = searchableText(f.stext);
  if (text) out.stext = text;
  const number = f.job_number.trim();
  if (number) out.job_number = number;
  return out;
}

interface Props {
  filter: ReminderFilter;
  onChange: (filter: ReminderFilter) => void;
  /** Actions shown at the end of the bar (remove selected). */
  children?: ReactNode;
}

export function ReminderFilters({ filter, onChange, children }: Props) {
  const translate = useTranslate();
  const set = <K extends keyof ReminderFilter>(key: K, value: ReminderFilter[K]) => onChange({ ...filter, [key]: value });
  const problem = searchProblem(filter.stext);
  return (
    <Stack role="search" aria-label={translate('reminders.filters')} direction="row" spacing={2} alignItems="flex-start" flexWrap="wrap" useFlexGap>
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: 220 }}
        type="search"
        label={translate('reminders.search')}
        value={filter.stext}
        onChange={(e) => set('stext', e.target.value)}
        error={!!problem}
        helperText={problem ? translate(problem) : ' '}
      />
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: 160 }}
        type="search"
        label={translate('reminders.jobNumber')}
        value={filter.job_number}
        onChange={(e) => set('job_number', e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <CodesPicker<NotificationType>
        label={translate('reminders.filterTypes')}
        codes={NOTIFICATION_TYPES}
        value={filter.types}
        onChange={(v) => set('types', v)}
        labelOf={(c) => translate(`reminders.types.${c}`)}
        minWidth={360}
      />
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ width: 200 }}
        label={translate('reminders.filterFlagged')}
        value={filter.flag}
        onChange={(e) => set('flag', e.target.value as FlagFilter)}
      >
        <MenuItem value="all">{translate('reminders.all')}</MenuItem>
        <MenuItem value="flagged">{translate('reminders.onlyFlagged')}</MenuItem>
        <MenuItem value="unflagged">{translate('reminders.onlyUnflagged')}</MenuItem>
      </TextField>
      {children}
    </Stack>
  );
}
