/**
 * /mail-triage (issue 30): the mails no rule filed, newest first, each with the router's ranked
 * suggestions (and those learned from people's filings) and one click to file it there
 * (mails/assignjob, recorded as the user's decision); selected mails are filed together (TriageBulkBar).
 * A user who reads several inboxes sees each mail's inbox and may list one inbox only.
 */
import { useState } from 'react';
import { Button, Card, CardContent, Checkbox, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { notify } from '../../notices/noticeStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { useMailDateText } from '../client/mailDates';
import { useMailAccountList } from '../client/mailProvider';
import { UNROUTED_KEY, useRoutingProvider, type UnroutedMail } from './routingProvider';
import { TriageBulkBar } from './TriageBulkBar';

const PAGE = 25;

export function TriagePage({ title }: PageProps) {
  const t = useTranslate();
  const dates = useMailDateText();
  const provider = useRoutingProvider();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<number | ''>('');
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const { data: accounts = [] } = useMailAccountList();
  const { data } = useQuery({
    queryKey: [...UNROUTED_KEY, page, inbox],
    queryFn: ({ signal }) => provider.unroutedMails(page, PAGE, signal, inbox === '' ? undefined : [inbox]),
  });
  const inboxName = (id: number) => accounts.find((a) => a.mailaccount_id === id)?.ma_name;
  const several = accounts.length > 1;
  const file = useMutation({
    mutationFn: ({ mail, jobId }: { mail: UnroutedMail; jobId: number; jobNumber: string }) => provider.fileMail(mail.ma_id, jobId),
    onSuccess: (ok, { jobNumber }) => {
      if (!ok) return;
      notify('success', t('mailRouting.triage.filed', { job: jobNumber }));
      void queries.invalidateQueries({ queryKey: UNROUTED_KEY });
    },
  });
  const fileMany = useMutation({
    mutationFn: ({ ids, jobId }: { ids: number[]; jobId: number; jobNumber: string }) => provider.fileMails(ids, jobId),
    onSuccess: (ok, { ids, jobNumber }) => {
      if (!ok) return;
      notify('success', t('mailRouting.triage.bulk.filed', { count: ids.length, job: jobNumber }));
      setChecked(new Set());
      void queries.invalidateQueries({ queryKey: UNROUTED_KEY });
    },
  });
  const toggle = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Only mails still on the page count: a mail filed meanwhile (by someone else) drops out of the selection.
  const selected = data?.rows.filter((m) => checked.has(m.ma_id)) ?? [];
  return (
    <PageFrame title={title}>
      {several && (
        <TextField
          select
          size="small"
          label={t('mailRouting.triage.inbox')}
          value={inbox}
          onChange={(e) => {
            setChecked(new Set());
            setPage(1);
            setInbox(e.target.value === '' ? '' : Number(e.target.value));
          }}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="">{t('mailRouting.triage.allInboxes')}</MenuItem>
          {accounts.map((a) => (
            <MenuItem key={a.mailaccount_id} value={a.mailaccount_id}>
              {a.ma_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {data && <Typography>{data.total ? t('mailRouting.triage.count', { count: data.total }) : t('mailRouting.triage.empty')}</Typography>}
      {selected.length > 0 && (
        <TriageBulkBar
          selected={selected}
          busy={fileMany.isPending}
          onFile={(jobId, jobNumber) => fileMany.mutate({ ids: selected.map((m) => m.ma_id), jobId, jobNumber })}
          onClear={() => setChecked(new Set())}
        />
      )}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data?.rows.map((mail) => (
          <Card component="li" key={mail.ma_id} variant="outlined">
            <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Checkbox
                checked={checked.has(mail.ma_id)}
                onChange={() => toggle(mail.ma_id)}
                slotProps={{ input: { 'aria-label': t('mailRouting.triage.bulk.select', { subject: mail.mail_subject || t('mailClient.noSubject') }) } }}
                sx={{ p: 0.5 }}
              />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography component={Link} to={`/email/${mail.ma_id}`} variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
                  {mail.mail_subject || t('mailClient.noSubject')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {[several ? inboxName(mail.mailaccount_id) : null, mail.mail_from?.address ?? '', dates.full(mail.mail_date)].filter(Boolean).join(' · ')}
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
              </div>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {data && data.total > PAGE && (
        <Pagination
          count={Math.ceil(data.total / PAGE)}
          page={page}
          onChange={(_, p) => {
            setChecked(new Set());
            setPage(p);
          }}
        />
      )}
    </PageFrame>
  );
}
