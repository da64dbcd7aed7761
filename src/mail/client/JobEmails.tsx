/** The job item's E-mails tab: the mails linked to the job (GET mails/getmailsbyjobid/{jobId}). */
import { useEffect, useState } from 'react';
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { MailTable } from './MailTable';
import { mailApi } from './mailApi';
import type { MailListRow } from '../../../core/mail/client/types';

export function JobEmails({ jobId }: { jobId: number }) {
  const t = useTranslate();
  const [rows, setRows] = useState<MailListRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void mailApi.byJob(jobId).then((r) => live && setRows(r));
    return () => {
      live = false;
    };
  }, [jobId]);
  if (!rows) return <CircularProgress aria-label={t('ra.page.loading')} />;
  return (
    <Stack spacing={1}>
      {/* Bulk changes are refused here: a job's mails cannot be deleted or marked as spam. */}
      <Alert severity="info">{t('mailClient.errors.bulkInJobView')}</Alert>
      {rows.length ? <MailTable rows={rows} label={t('mailClient.job.title')} /> : <Typography>{t('jobs.item.noEmails')}</Typography>}
    </Stack>
  );
}
