/** The job item's E-mails tab: the mails linked to the job (GET mails/getmailsbyjobid/{jobId}). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { MailTable } from './MailTable';
import { useMailProvider } from './mailProvider';

export function JobEmails({ jobId }: { jobId: number }) {
  const t = useTranslate();
  const provider = useMailProvider();
  const { data: rows } = useQuery({ queryKey: ['mails', 'byJob', jobId], queryFn: () => provider.mailByJob(jobId) });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const onCheck = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (!rows) return <CircularProgress aria-label={t('ra.page.loading')} />;
  return (
    <Stack spacing={1}>
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
