/**
 * The job's issue flag (POST jobs/{id}/issue). Unlike the form's fields it is stored at once when
 * ticked, so it works on a saved job without touching what is being typed in the form.
 */
import { useState } from 'react';
import { Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useJobsProvider } from '../jobsProvider';

export function IssueCheckbox({ jobId, initial, disabled }: { jobId: number; initial: boolean; disabled: boolean }) {
  const translate = useTranslate();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const provider = useJobsProvider();

  async function change(next: boolean) {
    setBusy(true);
    try {
      const stored = await provider.jobSetIssue(jobId, next);
      if (stored) setValue(stored.job_has_issue);
    } catch {
      // The fetch wrapper has shown the refusal; the box keeps the stored value.
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormControlLabel
      control={<Checkbox checked={value} disabled={disabled || busy} onChange={(e) => void change(e.target.checked)} />}
      label={translate('jobs.fields.issue')}
    />
  );
}
