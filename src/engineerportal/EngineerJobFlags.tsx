/**
 * The engineer's issue and remedial switches on their job, with a note for the office. Each switch
 * sends POST engineerportal/{id}/issue or /remedial; the answer (the job as the engineer sees it)
 * replaces the shown job, so the switches always show what the server stored.
 */
import { useState } from 'react';
import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEngineerProvider } from './engineerProvider';
import type { EngineerFlagName, EngineerJob } from '../../core/engineerportal/types';

const FLAG_FIELD = { issue: 'job_has_issue', remedial: 'job_has_remedial' } as const;

export function EngineerJobFlags({ job, onChange }: { job: EngineerJob; onChange: (job: EngineerJob) => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`engineerPortal.flags.${key}`);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const provider = useEngineerProvider();

  const toggle = (name: EngineerFlagName, value: boolean) => {
    setBusy(true);
    void provider
      .engineerSetFlag(job.job_id, name, value, note)
      .then((answer) => {
        if (!answer) return;
        onChange(answer);
        setNote('');
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('title')}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('hint')}
      </Typography>
      <TextField
        label={t('note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 3000 } }}
      />
      {(Object.keys(FLAG_FIELD) as EngineerFlagName[]).map((name) => (
        <FormControlLabel
          key={name}
          label={t(name)}
          control={<Switch checked={job[FLAG_FIELD[name]]} disabled={busy} onChange={(e) => toggle(name, e.target.checked)} />}
        />
      ))}
    </Stack>
  );
}
