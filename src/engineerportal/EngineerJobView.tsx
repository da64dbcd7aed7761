/** One job in the engineer view: its details, the issue and remedial flags, the site notes, photos, documents and invoices, the engineer's own costs, their cost description and a report form. */
import { useState } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { EngineerCosts, EngineerCostWrite } from '../../core/jobs/costs/types';
import { notify } from '../notices/noticeStore';
import { ENGINEER_KEY, useEngineerProvider } from './engineerProvider';
import { EngineerCostsEditor } from './EngineerCostsEditor';
import { EngineerJobFlags } from './EngineerJobFlags';
import { EngineerSiteNotes } from './EngineerSiteNotes';
import { EngineerUploads } from './EngineerUploads';
import { useDateText } from '../jobs/sheet/useDateFormat';
import type { EngineerJob } from '../../core/engineerportal/types';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value || '—'}
    </Typography>
  );
}

export function EngineerJobView({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const dateText = useDateText();
  const t = (key: string) => translate(`salesCosts.engineer.${key}`);
  const navigate = useNavigate();
  const provider = useEngineerProvider();
  const queryClient = useQueryClient();
  const jobKey = [ENGINEER_KEY, 'job', jobId];
  const costsKey = [ENGINEER_KEY, 'costs', jobId];
  const { data: job } = useQuery({ queryKey: jobKey, queryFn: ({ signal }) => provider.engineerJob(jobId, signal) });
  const { data: costs } = useQuery({ queryKey: costsKey, queryFn: ({ signal }) => provider.engineerCosts(jobId, signal) });
  // What the engineer typed, else the stored description.
  const [typedCostdesc, setCostdesc] = useState<string | null>(null);
  const costdesc = typedCostdesc ?? job?.costdesc ?? '';
  const [report, setReport] = useState({ text: '', hours: '' });

  // A change answers the job or the costs as they are afterwards: that answer is the shown data.
  const setJob = (next: EngineerJob) => queryClient.setQueryData(jobKey, next);
  const setCosts = (next: EngineerCosts | null) => next && queryClient.setQueryData(costsKey, next);
  const saveCosts = (rows: EngineerCostWrite[]) =>
    void provider
      .engineerSaveCosts(jobId, rows)
      .then(setCosts)
      .catch(() => undefined);
  const lock = () =>
    void provider
      .engineerLockCosts(jobId)
      .then(setCosts)
      .catch(() => undefined);
  const sendReport = () =>
    void provider
      .engineerReport(jobId, report.text, report.hours)
      .then(() => {
        setReport({ text: '', hours: '' });
        notify('success', t('reportSent'));
      })
      .catch(() => undefined);

  const locked = costs?.locked ?? false;
  return (
    <Stack spacing={3}>
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => navigate('/engineer-view')}>
        {t('back')}
      </Button>
      {job && (
        <Card variant="outlined" component="section" aria-label={t('details')}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {job.job_number} · {translate(`salesCosts.enums.job_statuses.${job.job_status}`)}
            </Typography>
            <Detail label={t('site')} value={[job.js_address, job.js_city, job.js_postcode].filter(Boolean).join(', ')} />
            <Detail label={t('department')} value={job.de_name} />
            <Detail label={t('description')} value={job.job_desc} />
            <Detail label={t('details')} value={job.job_details} />
            <Detail label={t('start')} value={dateText(job.job_start)} />
            <Detail label={t('end')} value={dateText(job.job_end)} />
          </CardContent>
        </Card>
      )}
      {job && <EngineerJobFlags job={job} onChange={setJob} />}
      {job?.js_id ? <EngineerSiteNotes jsId={job.js_id} /> : null}
      {job && <EngineerUploads jobId={jobId} />}
      {costs && <EngineerCostsEditor costs={costs} onSave={saveCosts} onLock={lock} />}
      {costs && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('costDesc')}
            value={costdesc}
            onChange={(e) => setCostdesc(e.target.value)}
            disabled={locked}
            multiline
            minRows={2}
            sx={{ flexGrow: 1 }}
          />
          <Button disabled={locked} onClick={() => void provider.engineerSaveCostDesc(jobId, costdesc).catch(() => undefined)}>
            {t('saveCostDesc')}
          </Button>
        </Stack>
      )}
      <Stack spacing={2} component="section" aria-label={t('report')}>
        <Typography variant="h6" component="h2">
          {t('report')}
        </Typography>
        <TextField label={t('reportText')} value={report.text} onChange={(e) => setReport((r) => ({ ...r, text: e.target.value }))} multiline minRows={3} />
        <TextField label={t('reportHours')} value={report.hours} onChange={(e) => setReport((r) => ({ ...r, hours: e.target.value }))} sx={{ width: 160 }} />
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={sendReport}>
          {t('sendReport')}
        </Button>
      </Stack>
    </Stack>
  );
}
