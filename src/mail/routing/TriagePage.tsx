/**
 * /mail-triage (issue 30): the mails no rule filed, newest first, each with the router's ranked
 * suggestions and one click to file it there (mails/assignjob, recorded as the user's decision).
 */
import { useState } from 'react';
import { Button, Card, CardContent, Pagination, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { notify } from '../../notices/noticeStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { useMailDateText } from '../client/mailDates';
import { UNROUTED_KEY, useRoutingProvider, type UnroutedMail } from './routingProvider';

const PAGE = 25;

export function TriagePage({ title }: PageProps) {
  const t = useTranslate();
  const dates = useMailDateText();
  const provider = useRoutingProvider();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const { data } = useQuery({ queryKey: [...UNROUTED_KEY, page], queryFn: ({ signal }) => provider.unroutedMails(page, PAGE, signal) });
  const file = useMutation({
    mutationFn: ({ mail, jobId }: { mail: UnroutedMail; jobId: number; jobNumber: string }) => provider.fileMail(mail.ma_id, jobId),
    onSuccess: (ok, { jobNumber }) => {
      if (!ok) return;
      notify('success', t('mailRouting.triage.filed', { job: jobNumber }));
      void queries.invalidateQueries({ queryKey: UNROUTED_KEY });
    },
  });
  return (
    <PageFrame title={title}>
      {data && <Typography>{data.total ? t('mailRouting.triage.count', { count: data.total }) : t('mailRouting.triage.empty')}</Typography>}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data?.rows.map((mail) => (
          <Card component="li" key={mail.ma_id} variant="outlined">
            <CardContent>
              <Typography component={Link} to={`/email/${mail.ma_id}`} variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
                {mail.mail_subject || t('mailClient.noSubject')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {mail.mail_from?.address ?? ''} · {dates.full(mail.mail_date)}
              </Typography>
              {mail.suggestions.length ? (
                <Stack direction="row" flexWrap="wrap" gap={1} sx={{ mt: 1 }} aria-label={t('mailRouting.triage.suggestions')} role="group">
                  {mail.suggestions.map((s) => (
                    <Button
                      key={s.job_id}
                      variant={s === mail.suggestions[0] ? 'contained' : 'outlined'}
                      size="small"
                      disabled={file.isPending}
                      title={t(`mailRouting.triage.why.${s.reason}`)}
                      onClick={() => file.mutate({ mail, jobId: s.job_id, jobNumber: s.job_number })}
                    >
                      {t('mailRouting.triage.file', { job: s.job_number })}
                    </Button>
                  ))}
                </Stack>
              ) : (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('mailRouting.triage.noSuggestion')}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {data && data.total > PAGE && <Pagination count={Math.ceil(data.total / PAGE)} page={page} onChange={(_, p) => setPage(p)} />}
    </PageFrame>
  );
}
