/**
 * /sheet/{id}/{tab}: one job in six tabs (the tab is part of the address; an unknown one shows the
 * details). 'new' is a draft form without a number that creates the job on save. A customer gets
 * the details, e-mails and documents tabs only.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth/authStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { CostsTab } from '../costs/CostsTab';
import { useJobOptions } from '../sheet/options';
import { jobKey, useJobsProvider } from '../jobsProvider';
import { DetailsForm } from './DetailsForm';
import { SavedElsewhereNotice } from './SavedElsewhereNotice';
import { HistoryPanel } from './HistoryPanel';
import { JobTasksPanel } from '../../google/tasks/JobTasksPanel';
import { NEW_JOB, toJobWrite, valuesOf, type JobFormValues } from './jobForm';
import { JobDocumentsPanel } from '../../files/JobDocumentsPanel';
import { JobDriveFolderPanel } from '../../google/drive/JobDriveFolderPanel';
import { EmailsTab } from './OtherTabs';

// The calendar (FullCalendar) and the sales sections' drag and drop (dnd-kit) load with their tab.
const ScheduleTab = lazy(() => import('./ScheduleTab').then((m) => ({ default: m.ScheduleTab })));
const SalesTab = lazy(() => import('../sales/SalesTab').then((m) => ({ default: m.SalesTab })));

export const JOB_TABS = ['details', 'schedule', 'sales', 'costs', 'emails', 'documents'] as const;
export type JobTab = (typeof JOB_TABS)[number];
const CUSTOMER_TABS: readonly JobTab[] = ['details', 'emails', 'documents'];

export function tabOf(raw: string | undefined, customer: boolean): JobTab {
  const allowed = customer ? CUSTOMER_TABS : JOB_TABS;
  return (allowed as readonly string[]).includes(raw ?? '') ? (raw as JobTab) : 'details';
}

function useJobDetails(jobId: number | null) {
  const provider = useJobsProvider();
  const queryClient = useQueryClient();
  const { data, isError, isSuccess } = useQuery({
    queryKey: [...jobKey(jobId), 'details'],
    queryFn: ({ signal }) => provider.jobDetails(jobId as number, signal),
    enabled: jobId !== null,
  });
  // After a change the job's details, history and open tab are asked again.
  const reload = () => void queryClient.invalidateQueries({ queryKey: jobKey(jobId) });
  return { job: data ?? null, failed: isError || (isSuccess && !data), reload };
}

export function JobItemPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const params = useParams();
  const customer = useAuth().user?.role === 'Customer';
  const isNew = params.id === 'new';
  const parsed = Number(params.id);
  const jobId = !isNew && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const tab = isNew ? 'details' : tabOf(params.tab, customer);
  const options = useJobOptions();
  const provider = useJobsProvider();
  const { job, failed, reload } = useJobDetails(jobId);

  async function save(values: JobFormValues) {
    const body = toJobWrite(values, customer);
    try {
      if (isNew) {
        const created = await provider.jobCreate(body, translate('jobs.item.createdNotice'));
        if (created?.job_id) navigate(`/sheet/${created.job_id}/details`);
      } else {
        const notice = job?.job_number ? translate('jobs.item.savedNotice', { number: job.job_number }) : translate('jobs.item.draftSavedNotice');
        await provider.jobUpdate(jobId as number, body, notice);
        reload();
      }
    } catch {
      // The fetch wrapper has shown the refusal; the form keeps what was typed.
    }
  }

  async function copy() {
    try {
      const copied = await provider.jobCopy(jobId as number);
      if (copied?.job_id) navigate(`/sheet/${copied.job_id}/details`);
    } catch {
      // Shown by the fetch wrapper.
    }
  }

  async function remove() {
    try {
      await provider.jobDelete(jobId as number);
      navigate('/sheet');
    } catch {
      // Shown by the fetch wrapper.
    }
  }

  const heading = isNew || (job && !job.job_number) ? translate('jobs.item.draft') : (job?.job_number ?? '');
  const tabs = customer ? CUSTOMER_TABS : JOB_TABS;
  let content: ReactNode;
  if (!isNew && jobId === null) content = <Typography>{translate('errors.notFound')}</Typography>;
  else if (!isNew && !job) content = failed ? <Typography>{translate('errors.notFound')}</Typography> : <CircularProgress aria-label={title} />;
  else if (tab === 'details')
    content = (
      <>
        <DetailsForm
          key={`${job?.job_id ?? 'new'}-${job?.updated_at ?? ''}`}
          initial={job ? valuesOf(job) : NEW_JOB}
          details={job}
          customer={customer}
          options={options}
          onSave={save}
          onCopy={() => void copy()}
          onDelete={() => void remove()}
        />
        {job && !customer && <JobTasksPanel jobId={job.job_id} />}
        {job && !customer && <HistoryPanel jobId={job.job_id} />}
      </>
    );
  else if (tab === 'schedule') content = <ScheduleTab key={job!.updated_at} job={job!} onChanged={reload} />;
  else if (tab === 'sales') content = <SalesTab jobId={job!.job_id} />;
  else if (tab === 'costs') content = <CostsTab jobId={job!.job_id} />;
  else if (tab === 'emails') content = <EmailsTab />;
  else
    content = (
      <>
        <JobDocumentsPanel jobId={job!.job_id} readOnly={customer} />
        {!customer && <JobDriveFolderPanel jobId={job!.job_id} />}
      </>
    );

  return (
    <PageFrame title={title}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to="/sheet" size="small">
          {translate('jobs.item.back')}
        </Button>
        <Typography variant="h6" component="p" data-testid="job-heading">
          {heading}
        </Typography>
      </Box>
      <Tabs value={tab} onChange={(_, next: JobTab) => navigate(`/sheet/${params.id}/${next}`)} variant="scrollable" aria-label={title}>
        {tabs.map((t) => (
          <Tab key={t} value={t} label={translate(`jobs.item.tabs.${t}`)} disabled={isNew && t !== 'details'} />
        ))}
      </Tabs>
      {job && <SavedElsewhereNotice key={job.job_id} jobId={job.job_id} onReload={reload} />}
      <Suspense fallback={<CircularProgress aria-label={title} />}>{content}</Suspense>
    </PageFrame>
  );
}
