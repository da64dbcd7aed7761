/** One job in the engineer view: its details, the issue and remedial flags, the site notes, the engineer's own costs, their cost description and a report form. */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import type { EngineerCosts, EngineerCostWrite } from '../../core/jobs/costs/types';
import { notify } from '../notices/noticeStore';
import { engineerApi } from './engineerApi';
import { EngineerCostsEditor } from './EngineerCostsEditor';
import { EngineerJobFlags } from './EngineerJobFlags';
import { EngineerSiteNotes } from './EngineerSiteNotes';
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
  const t = (key: string) => translate(`salesCosts.engineer.${key}`);
  const navigate = useNavigate();
  const [job, setJob] = useState<EngineerJob | null>(null);
  const [costs, setCosts] = useState<EngineerCosts | null>(null);
  const [costdesc, setCostdesc] = useState('');
  const [report, setReport] = useState({ text: '', hours: '' });

  const load = useCallback(async () => {
    const [d, c] = await Promise.all([engineerApi.details(jobId), engineerApi.costs(jobId)]);
    setJob(d);
    setCostdesc(d?.costdesc ?? '');
    setCosts(c);
  }, [jobId]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const saveCosts = (rows: EngineerCostWrite[]) =>
    void engineerApi
      .saveCosts(jobId, rows)
      .then((c) => c && setCosts(c))
      .catch(() => undefined);
  const lock = () =>
    void engineerApi
      .lockCosts(jobId)
      .then((c) => c && setCosts(c))
      .catch(() => undefined);
  const sendReport = () =>
    void engineerApi
      .report(jobId, report.text, report.hours)
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
            <Detail label={t('start')} value={job.job_start?.slice(0, 16)} />
            <Detail label={t('end')} value={job.job_end?.slice(0, 16)} />
          </CardContent>
        </Card>
      )}
      {job && <EngineerJobFlags job={job} onChange={setJob} />}
      {job?.js_id ? <EngineerSiteNotes jsId={job.js_id} /> : null}
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
          <Button disabled={locked} onClick={() => void engineerApi.saveCostDesc(jobId, costdesc).catch(() => undefined)}>
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
