/**
 * The job item's E-mails tab: the mails linked to the job (GET mails/getmailsbyjobid/{jobId}) as
 * conversations, newest conversation first, each oldest mail first; the job's outgoing mails are
 * linked too, so they sit in their conversations. A message that reached several shared inboxes
 * is one row naming the inboxes (issue 30).
 */
import { useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { MailTable } from './MailTable';
import { useMailAccountList, useMailProvider } from './mailProvider';
import { conversations } from '../../../core/mail/thread/conversations';
import type { MailListRow } from '../../../core/mail/client/types';

export function JobEmails({ jobId }: { jobId: number }) {
  const t = useTranslate();
  const provider = useMailProvider();
  const { data: rows } = useQuery({ queryKey: ['mails', 'byJob', jobId], queryFn: () => provider.mailByJob(jobId) });
  // Names of the inboxes a message reached; only needed when one reached several.
  const shared = !!rows?.some((r) => (r.accounts?.length ?? 0) > 1);
  const { data: accounts } = useMailAccountList(shared);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const onCheck = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (!rows) return <CircularProgress aria-label={t('ra.page.loading')} />;
  const nameOf = (id: number) => accounts?.find((a) => a.mailaccount_id === id)?.ma_name ?? `#${id}`;
  const reached = (r: MailListRow) =>
    (r.accounts?.length ?? 0) > 1 && (
      <Typography variant="caption" component="div" color="text.secondary">
        {t('mailClient.job.reached', { accounts: r.accounts!.map((a) => nameOf(a.mailaccount_id)).join(', ') })}
      </Typography>
    );
  return (
    <Stack spacing={2}>
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
        <section aria-label={t('mailClient.job.title')}>
          <Stack spacing={2}>
            {conversations(rows).map((c) => {
              const subject = c.mails[0].mail_subject || t('mailClient.noSubject');
              const label = t('mailClient.job.conversation', { subject });
              return (
                <section key={c.key} aria-label={label}>
                  <Typography variant="subtitle2" component="h3">
                    {label} · {t('mailClient.job.mails', { count: c.mails.length })}
                  </Typography>
                  <MailTable rows={c.mails} label={label} checked={checked} onCheck={onCheck} note={reached} />
                </section>
              );
            })}
          </Stack>
        </section>
      ) : (
        <Typography>{t('jobs.item.noEmails')}</Typography>
      )}
    </Stack>
  );
}
