/**
 * /portal/jobs/{id}, one of the customer's jobs (issue 24): status and schedule with an .ics
 * download, the office's values read-only, the texts they may change, the quote to approve or
 * decline with a typed name, invoices with Xero's online link to pay, the documents visible to them
 * by group with uploads (files or the phone's camera), the job's mails they took part in
 * (CustomerMailsSection.tsx), and a message to the office with the ones they sent before.
 * Everything through the data provider (customerProvider.ts) and react-query.
 */
import { useState } from 'react';
import { Alert, Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { CustomerJobDetails, QuoteDecision } from '../../core/customerportal/types';
import type { JobDocumentRow } from '../../core/files/types';
import { useBrand } from '../brand/BrandContext';
import { UploadBox } from '../files/UploadBox';
import { formatBytes } from '../files/format';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formatWireDate } from '../resources/engine/dateText';
import { CUSTOMER_KEY, useCustomerProvider } from './customerProvider';
import { CustomerMailsSection } from './CustomerMailsSection';
import { apiBase, ReadOnlyValue, Section, StatusChip, useAppointmentText, usePortalDateFormat } from './portalParts';

function QuoteSection({ job }: { job: CustomerJobDetails }) {
  const translate = useTranslate();
  const format = usePortalDateFormat();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.job.${key}`, opts);
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const decide = useMutation({
    mutationFn: (decision: QuoteDecision) => provider.customerQuoteDecision(job.job_id, decision, name.trim()),
    onSuccess: (details) => {
      if (details) client.setQueryData([CUSTOMER_KEY, 'job', job.job_id], details);
      void client.invalidateQueries({ queryKey: [CUSTOMER_KEY, 'jobs'] });
    },
  });
  const q = job.quote;
  if (!q.net_total && !q.decision) return null;
  return (
    <Section title={t('quote')}>
      {q.net_total && <Typography>{t('quoteTotal', { amount: q.net_total })}</Typography>}
      {q.decision && !q.awaiting && (
        <Alert severity={q.decision === 'approve' ? 'success' : 'info'}>
          {t(q.decision === 'approve' ? 'approved' : 'declined', { name: q.name, when: formatWireDate(q.decided_at, format) })}
        </Alert>
      )}
      {q.awaiting && (
        <>
          <Typography>{t('quoteWaiting')}</Typography>
          <TextField
            label={t('quoteName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            inputProps={{ maxLength: 100 }}
            fullWidth
          />
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Button variant="contained" color="success" disabled={!name.trim() || decide.isPending} onClick={() => decide.mutate('approve')}>
              {t('approve')}
            </Button>
            <Button variant="outlined" color="error" disabled={!name.trim() || decide.isPending} onClick={() => decide.mutate('decline')}>
              {t('decline')}
            </Button>
          </Stack>
        </>
      )}
    </Section>
  );
}

function TextsSection({ job }: { job: CustomerJobDetails }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`customerPortal.job.${key}`);
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const [texts, setTexts] = useState({ job_desc: job.job_desc ?? '', job_wopo: job.job_wopo ?? '', job_details: job.job_details ?? '' });
  const save = useMutation({
    mutationFn: () => provider.customerUpdateJob(job.job_id, texts),
    onSuccess: (details) => {
      if (details) client.setQueryData([CUSTOMER_KEY, 'job', job.job_id], details);
      void client.invalidateQueries({ queryKey: [CUSTOMER_KEY, 'jobs'] });
    },
  });
  const field = (name: keyof typeof texts, max: number, multiline = false) => (
    <TextField
      label={t(name === 'job_desc' ? 'description' : name === 'job_wopo' ? 'wopo' : 'details')}
      value={texts[name]}
      onChange={(e) => setTexts((s) => ({ ...s, [name]: e.target.value }))}
      inputProps={{ maxLength: max }}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
    />
  );
  return (
    <Section title={t('details')}>
      {field('job_desc', 100)}
      {field('job_wopo', 100)}
      {field('job_details', 3000, true)}
      <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending || !texts.job_desc.trim()} sx={{ alignSelf: 'flex-start' }}>
        {t('save')}
      </Button>
    </Section>
  );
}

function DocumentsSection({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.job.${key}`, opts);
  const brand = useBrand();
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const { data: files = [] } = useQuery({ queryKey: [CUSTOMER_KEY, 'documents', jobId], queryFn: ({ signal }) => provider.customerDocuments(jobId, signal) });
  const groups = new Map<string, JobDocumentRow[]>();
  for (const f of files) groups.set(f.f_grp_id, [...(groups.get(f.f_grp_id) ?? []), f]);
  const refresh = () => void client.invalidateQueries({ queryKey: [CUSTOMER_KEY, 'documents', jobId] });
  const download = (f: JobDocumentRow) => `${apiBase(brand.apiUrl)}/customerportal/download/${encodeURIComponent(f.download_name)}`;
  return (
    <Section title={t('documents')}>
      {files.length === 0 && <Typography color="text.secondary">{t('noDocuments')}</Typography>}
      {[...groups.entries()].map(([group, list]) => (
        <Stack key={group} spacing={0.5} component="section" aria-label={translate(`files.groups.${group}`)}>
          <Typography variant="subtitle2">{translate(`files.groups.${group}`)}</Typography>
          {list.map((f) => (
            <Link key={f.file_id} href={download(f)} download={f.name} sx={{ overflowWrap: 'anywhere' }}>
              {f.name} ({formatBytes(f.size)})
            </Link>
          ))}
        </Stack>
      ))}
      <Divider />
      {/* Each upload is a region of its own, so its chooser and camera are told apart by name. */}
      {(
        [
          ['workorders', 'uploadWorkOrder'],
          ['generaldocuments', 'uploadDocument'],
        ] as const
      ).map(([call, label]) => (
        <Stack key={call} spacing={1} component="section" aria-label={t(label)}>
          <Typography variant="subtitle2">{t(label)}</Typography>
          <UploadBox path={`customerportal/${jobId}/${call}`} answerKey="customerportal" onUploaded={refresh} camera />
        </Stack>
      ))}
    </Section>
  );
}

function SalesDocumentsSection({ job }: { job: CustomerJobDetails }) {
  const translate = useTranslate();
  const brand = useBrand();
  if (!job.sales_documents.length) return null;
  return (
    <Section title={translate('customerPortal.job.salesDocuments')}>
      {job.sales_documents.map((d) => (
        <Stack key={d.jss_id} direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          <Link href={`${apiBase(brand.apiUrl)}/customerportal/${job.job_id}/salessections/${d.jss_id}/pdf`} download sx={{ overflowWrap: 'anywhere' }}>
            {translate(`salesCosts.enums.invoice_types.${d.jss_invoice_type}`)}
            {d.jss_title ? `: ${d.jss_title}` : ''} (PDF)
          </Link>
          {d.online_invoice_url && (
            <Link href={d.online_invoice_url} target="_blank" rel="noopener noreferrer">
              {translate('customerPortal.invoice.payOnline')}
            </Link>
          )}
        </Stack>
      ))}
    </Section>
  );
}

/** Message the office, with what this customer already sent about the job below (newest first). */
function MessageSection({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.job.${key}`, opts);
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const format = usePortalDateFormat();
  const [text, setText] = useState('');
  const key = [CUSTOMER_KEY, 'messages', jobId];
  const { data: sent = [] } = useQuery({ queryKey: key, queryFn: ({ signal }) => provider.customerSentMessages(jobId, signal) });
  const send = useMutation({
    mutationFn: () => provider.customerMessage(jobId, text.trim()),
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: key });
    },
  });
  return (
    <Section title={t('message')}>
      <TextField
        label={t('messageText')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        inputProps={{ maxLength: 3000 }}
        fullWidth
      />
      <Button variant="contained" onClick={() => send.mutate()} disabled={!text.trim() || send.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('send')}
      </Button>
      {send.isSuccess && <Alert severity="success">{t('sent')}</Alert>}
      {sent.length > 0 && (
        <Stack spacing={1} component="ul" aria-label={t('sentList')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sent.map((m) => (
            <Box key={m.jh_id} component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('sentAt', { when: formatWireDate(m.sent_at, format) })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export function CustomerJobPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.job.${key}`, opts);
  const { id } = useParams();
  const jobId = id && /^\d+$/.test(id) ? Number(id) : 0;
  const brand = useBrand();
  const provider = useCustomerProvider();
  const appointment = useAppointmentText();
  const { data: job } = useQuery({ queryKey: [CUSTOMER_KEY, 'job', jobId], queryFn: ({ signal }) => provider.customerJob(jobId, signal), enabled: jobId > 0 });
  if (!job) return <PageFrame title={title}>{null}</PageFrame>;
  const number = job.job_number ?? translate('customerPortal.jobs.draft');
  return (
    <PageFrame title={t('title', { number })}>
      <Stack spacing={2}>
        <Section title={translate('customerPortal.jobs.status')}>
          <Stack direction="row" spacing={1} alignItems="center">
            <StatusChip status={job.job_status} />
          </Stack>
          <ReadOnlyValue label={translate('customerPortal.jobs.site')}>
            {[job.js_address, job.js_city, job.js_postcode].filter(Boolean).join(', ')}
          </ReadOnlyValue>
          <ReadOnlyValue label={translate('customerPortal.sites.client')}>{job.co_name}</ReadOnlyValue>
          {job.pm_name && <ReadOnlyValue label={translate('customerPortal.sites.managers')}>{job.pm_name}</ReadOnlyValue>}
        </Section>
        <Section title={t('schedule')}>
          <ReadOnlyValue label={translate('customerPortal.jobs.appointment')}>{appointment(job.job_start, job.job_end)}</ReadOnlyValue>
          {job.job_start && (
            <Button
              component="a"
              href={`${apiBase(brand.apiUrl)}/customerportal/${job.job_id}/ics`}
              download
              startIcon={<EventIcon />}
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('ics')}
            </Button>
          )}
        </Section>
        <QuoteSection job={job} />
        <SalesDocumentsSection job={job} />
        <TextsSection key={job.job_id} job={job} />
        <DocumentsSection jobId={job.job_id} />
        <CustomerMailsSection jobId={job.job_id} />
        <MessageSection jobId={job.job_id} />
      </Stack>
    </PageFrame>
  );
}
