/**
 * Bulk actions on the selected jobs (issue 28): a status, a tag added or removed, an operator
 * assigned. The server checks each job as its own change (POST jobs/bulk); the jobs it refused are
 * counted with its reason and stay selected, so they can be looked at.
 */
import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { JOB_STATUSES, JOB_TAGS } from '../../../core/enums';
import { BULK_ACTIONS, type BulkAction, type BulkBody } from '../../../core/jobs/home/bulk';
import { notify } from '../../notices/noticeStore';
import { useJobsProvider } from '../jobsProvider';
import { ReferencePicker } from '../../pickers/ReferencePicker';
import { REFERENCES } from '../../pickers/references';

interface Props {
  selected: ReadonlySet<number>;
  onDone: (stillSelected: number[]) => void;
}

export function BulkBar({ selected, onDone }: Props) {
  const translate = useTranslate();
  const provider = useJobsProvider();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<BulkAction>('status');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const count = selected.size;
  const choices: { value: string; label: string }[] =
    action === 'status'
      ? JOB_STATUSES.map((s) => ({ value: s, label: translate(`jobs.status.${s}`) }))
      : JOB_TAGS.map((t) => ({ value: t, label: translate(`jobs.tags.${t}`) }));

  async function apply() {
    const body: BulkBody = { job_ids: [...selected], action };
    if (action === 'status') body.job_status = value as BulkBody['job_status'];
    else if (action === 'assignOperator') body.us_id = Number(value);
    else body.job_tag = value as BulkBody['job_tag'];
    setBusy(true);
    try {
      const answer = await provider.jobBulk(body);
      if (!answer) return;
      if (answer.changed.length) notify('success', translate('jobDesk.bulkDone', { count: answer.changed.length, smart_count: answer.changed.length }));
      if (answer.refused.length)
        notify(
          'warning',
          translate('jobDesk.bulkRefused', { count: answer.refused.length, smart_count: answer.refused.length, reason: answer.refused[0].message }),
        );
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      onDone(answer.refused.map((r) => r.job_id));
    } finally {
      setBusy(false);
    }
  }

  const label = (a: BulkAction) => translate(`jobDesk.${a === 'status' ? 'setStatus' : a}`);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="region" aria-label={translate('jobDesk.selected', { count, smart_count: count })}>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography>{translate('jobDesk.selected', { count, smart_count: count })}</Typography>
        <TextField
          select
          size="small"
          fullWidth={false}
          sx={{ minWidth: 170 }}
          label={translate('jobDesk.bulkAction')}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as BulkAction);
            setValue('');
          }}
        >
          {BULK_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {label(a)}
            </MenuItem>
          ))}
        </TextField>
        {action === 'assignOperator' ? (
          // Staff are searched on the server as the user types, like every other pick list of people.
          <ReferencePicker
            reference={REFERENCES.staff}
            label={label(action)}
            value={value ? Number(value) : null}
            onChange={(id) => setValue(id === null ? '' : String(id))}
            minWidth={200}
          />
        ) : (
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 170 }}
            label={label(action)}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          >
            {choices.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="contained" disabled={!value || busy} onClick={() => void apply()}>
          {translate('jobDesk.apply')}
        </Button>
        <Button onClick={() => onDone([])}>{translate('jobDesk.clearSelection')}</Button>
      </Stack>
    </Paper>
  );
}
