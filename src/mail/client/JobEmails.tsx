/** The job item's E-mails tab: the mails linked to the job (GET mails/getmailsbyjobid/{jobId}). */
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { MailTable } from './MailTable';
import { mailApi } from './mailApi';
import type { MailListRow } from '../../../core/mail/client/types';

export function JobEmails({ jobId }: { jobId: number }) {
  const t = useTranslate();
  const [rows, setRows] = useState<MailListRow[] | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const onCheck = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
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
      {/* A new mail from here carries the job's reply address, so the answer comes back to the job. */}
      <Button component={Link} to={`/email/draft/new?job_id=${jobId}`} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {t('mailClient.job.newMail')}
      </Button>
      {/* Bulk changes are refused here (a job's mails cannot be deleted or marked as spam): said when the user
          checks mails to change them together, not before. */}
      {checked.size > 0 && (
        <Alert severity="info" role="status" action={<Button onClick={() => setChecked(new Set())}>{t('mailClient.bulk.clear')}</Button>}>
          {t('mailClient.errors.bulkInJobView')}
        </Alert>
      )}
      {rows.length ? (
        <MailTable rows={rows} label={t('mailClient.job.title')} checked={checked} onCheck={onCheck} />
      ) : (
        <Typography>{t('jobs.item.noEmails')}</Typography>
      )}
    </Stack>
  );
}
