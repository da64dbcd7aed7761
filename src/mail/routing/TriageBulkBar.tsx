/**
 * Triage's bulk filing: with mails selected, one button per job suggested for any of them (the jobs
 * most suggested across the selection first) files them all there at once (POST mails/unrouted/file).
 */
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { UnroutedMail } from './routingProvider';

interface Choice {
  job_id: number;
  job_number: string;
  weight: number;
}

/** The jobs suggested for the selected mails, ranked by their summed scores. */
export function bulkChoices(mails: UnroutedMail[]): Choice[] {
  const jobs = new Map<number, Choice>();
  for (const s of mails.flatMap((m) => m.suggestions)) {
    const known = jobs.get(s.job_id);
    jobs.set(s.job_id, { job_id: s.job_id, job_number: s.job_number, weight: (known?.weight ?? 0) + s.score });
  }
  return [...jobs.values()].sort((a, b) => b.weight - a.weight || a.job_number.localeCompare(b.job_number)).slice(0, 5);
}

interface Props {
  selected: UnroutedMail[];
  busy: boolean;
  onFile: (jobId: number, jobNumber: string) => void;
  onClear: () => void;
}

export function TriageBulkBar({ selected, busy, onFile, onClear }: Props) {
  const t = useTranslate();
  const count = selected.length;
  const choices = bulkChoices(selected);
  return (
    <Paper variant="outlined" component="section" aria-label={t('mailRouting.triage.bulk.label')} sx={{ p: 1.5 }}>
      <Stack direction="row" flexWrap="wrap" alignItems="center" gap={1}>
        <Typography role="status">{t('mailRouting.triage.bulk.selected', { count })}</Typography>
        {choices.map((c) => (
          <Button key={c.job_id} variant="contained" size="small" disabled={busy} onClick={() => onFile(c.job_id, c.job_number)}>
            {t('mailRouting.triage.bulk.file', { count, job: c.job_number })}
          </Button>
        ))}
        {!choices.length && <Typography variant="body2">{t('mailRouting.triage.bulk.noSuggestion')}</Typography>}
        <Button size="small" onClick={onClear}>
          {t('mailRouting.triage.bulk.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}
