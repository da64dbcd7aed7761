/**
 * The reading pane: headers, the sanitised body in a sandboxed frame, remote images only after
 * "Show images" (or with autoloadHtml), a confirmation before a mail over 5 MB, attachments, actions.
 * A mail the sync could only partly read says so, with a link to download its original source.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/authStore';
import { useBrand } from '../../brand/BrandContext';
import { notify } from '../../notices/noticeStore';
import { RoutingReason } from '../routing/RoutingReason';
import { JobPicker } from './JobPicker';
import { LabelMenus } from './LabelMenus';
import { MailActions } from './MailActions';
import { MailFrame } from './MailFrame';
import { loadFailure, loadFailureKey, type LoadFailure } from './loadFailure';
import { useMailProvider } from './mailProvider';
import { useMailDateText } from './mailDates';
import type { MailAddress, MailDetails, MailFlag, MailListRow } from '../../../core/mail/client/types';
import type { MailLabels } from './useMailLabels';

const addressText = (list: MailAddress[]) => list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');

export interface ReadingPaneProps {
  id: number;
  onChanged: (id: number, patch: Partial<MailDetails>) => void;
  onRemoved: (id: number) => void;
  labels: MailLabels;
  /** The mail's row in the list, when loaded: its tags and local folders. */
  listed?: MailListRow;
}

export function ReadingPane({ id, onChanged, onRemoved, labels, listed }: ReadingPaneProps) {
  const translate = useTranslate();
  const provider = useMailProvider();
  const queryClient = useQueryClient();
  const apiUrl = useBrand().apiUrl.replace(/\/+$/, '');
  const dates = useMailDateText();
  const autoload = useAuth().user?.settings.autoloadHtml === true;
  // The pane is keyed by the mail: "Show images" and "Load mail" hold for this mail only.
  const [showImages, setShowImages] = useState(false);
  const images = autoload || showImages;
  const [large, setLarge] = useState(false);
  const [picking, setPicking] = useState(false);
  const [own, setOwn] = useState<Pick<MailListRow, 'tag_ids' | 'mf_ids'>>({});
  const tagIds = own.tag_ids ?? listed?.tag_ids ?? [];
  const folderIds = own.mf_ids ?? listed?.mf_ids ?? [];

  const detailsKey = ['mails', 'details', id, { images, large }];
  const details = useQuery({
    queryKey: detailsKey,
    // While the mail is asked again with its images or in full, the version already shown stays.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    // Opening an unread mail reads it: the flag is set with the load, and the list row follows.
    queryFn: async ({ signal }) => {
      const d = await provider.mailDetails(id, { images, large }, signal);
      if (!d || d.too_large || d.is_seen) return d;
      void provider.mailSetFlags(id, { is_seen: true });
      onChanged(id, { is_seen: true });
      return { ...d, is_seen: true };
    },
  });
  const mail = details.data ?? null;
  /** 'notFound' for a 404 or 403 (or no mail in the answer), 'loadFailed' for any other failure. */
  const failed: LoadFailure | null = details.isError ? loadFailure(details.error) : details.isSuccess && !mail ? 'notFound' : null;
  const { data: attachments = [] } = useQuery({
    queryKey: ['mails', 'attachments', id],
    queryFn: ({ signal }) => provider.mailAttachments(id, signal),
    enabled: !!mail?.has_attachments && !mail.too_large,
  });
  const setMail = (patch: Partial<MailDetails>) => queryClient.setQueryData<MailDetails | null>(detailsKey, (d) => d && { ...d, ...patch });

  async function changeFlags(flags: Partial<Record<MailFlag, boolean>>) {
    if (!mail) return;
    if (!(await provider.mailSetFlags(mail.ma_id, flags))) return;
    if (flags.is_deleted) onRemoved(mail.ma_id);
    else {
      setMail(flags);
      onChanged(mail.ma_id, flags);
    }
  }

  async function assign(jobId: number) {
    setPicking(false);
    if (!mail) return;
    const res = await provider.mailAssignJob(mail.ma_id, jobId);
    if (!res) return;
    setMail({ job_id: jobId, job_number: res.job_number });
    onChanged(mail.ma_id, { job_id: jobId });
    notify('success', translate('mailClient.assign.done'));
  }

  async function label(kind: 'tag_ids' | 'mf_ids', labelId: number, on: boolean) {
    const current = kind === 'tag_ids' ? tagIds : folderIds;
    const ok = await (kind === 'tag_ids' ? provider.mailSetTag(labelId, id, on) : provider.mailSetLocalFolder(labelId, id, on)).catch(() => false);
    if (!ok) return;
    const next = on ? [...current.filter((x) => x !== labelId), labelId] : current.filter((x) => x !== labelId);
    setOwn((o) => ({ ...o, [kind]: next }));
    onChanged(id, { [kind]: next });
    if (kind === 'mf_ids') labels.reload();
  }

  if (failed) return <Alert severity="error">{translate(loadFailureKey(failed))}</Alert>;
  if (!mail || mail.ma_id !== id) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  // The `s` key flags the mail through the list's row: the open mail's Flag button follows that row at once.
  const shown = listed?.ma_id === mail.ma_id ? { ...mail, is_flagged: listed.is_flagged } : mail;
  const headers: [string, string][] = [
    [translate('mailClient.from'), mail.mail_from ? addressText([mail.mail_from]) : ''],
    [translate('mailClient.to'), addressText(mail.mail_to_arr)],
    ...(mail.mail_cc_arr.length ? [[translate('mailClient.cc'), addressText(mail.mail_cc_arr)] as [string, string]] : []),
    ...(mail.mail_bcc_arr?.length ? [[translate('mailClient.bcc'), addressText(mail.mail_bcc_arr)] as [string, string]] : []),
    [translate('mailClient.date'), dates.full(mail.mail_date)],
  ];
  return (
    <Box
      component="article"
      aria-label={mail.mail_subject || translate('mailClient.noSubject')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, flex: 1 }}
    >
      <Typography variant="h6" component="h2">
        {mail.mail_subject || translate('mailClient.noSubject')}
      </Typography>
      <Stack direction="row" flexWrap="wrap" alignItems="center">
        <MailActions mail={shown} images={images} onFlags={(f) => void changeFlags(f)} onAssign={() => setPicking(true)} />
        <LabelMenus
          tags={labels.tags.map((x) => ({ id: x.mt_id, name: x.mt_name, color: x.mt_color }))}
          folders={labels.folders.map((x) => ({ id: x.mf_id, name: x.mf_name }))}
          tagIds={tagIds}
          folderIds={folderIds}
          onTag={(tagId, on) => void label('tag_ids', tagId, on)}
          onFolder={(folderId, on) => void label('mf_ids', folderId, on)}
        />
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1 }}>
        {headers.map(([k, v]) => [
          <Typography key={`${k}-k`} component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>,
          <Typography key={`${k}-v`} component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {v}
          </Typography>,
        ])}
      </Box>
      {mail.job_id !== null && (
        <Chip
          sx={{ alignSelf: 'flex-start' }}
          label={translate('mailClient.assign.linked', { number: mail.job_number ?? `#${mail.job_id}` })}
          component={Link}
          to={`/sheet/${mail.job_id}/emails`}
          clickable
        />
      )}
      <RoutingReason id={mail.ma_id} jobId={mail.job_id} />
      {mail.partial && (
        <Alert
          severity="warning"
          action={
            <Button component="a" href={`${apiUrl}/mails/${mail.ma_id}/source`} download={`message-${mail.ma_id}.eml`}>
              {translate('mailClient.partial.download')}
            </Button>
          }
        >
          {translate('mailClient.partial.text')}
        </Alert>
      )}
      {mail.too_large ? (
        <Alert severity="warning" action={<Button onClick={() => setLarge(true)}>{translate('mailClient.large.load')}</Button>}>
          {translate('mailClient.large.text')} {translate('mailClient.large.size', { size: (mail.mail_size / 1024 / 1024).toFixed(1) })}
        </Alert>
      ) : (
        <>
          {mail.images_blocked > 0 && !images && (
            <Alert severity="info" action={<Button onClick={() => setShowImages(true)}>{translate('mailClient.showImages')}</Button>}>
              {translate('mailClient.imagesBlocked')}
            </Alert>
          )}
          {attachments.length > 0 && (
            <Stack direction="row" spacing={1} flexWrap="wrap" aria-label={translate('mailClient.attachments')}>
              {attachments.map((a) => (
                <MuiLink key={a.index} href={`${apiUrl}/mails/${mail.ma_id}/attachments/${a.index}`} download={a.filename}>
                  {a.filename} ({Math.max(1, Math.round(a.size / 1024))} KB)
                </MuiLink>
              ))}
              {mail.job_id !== null && (
                <Button size="small" onClick={() => void provider.mailFileToJob(mail.ma_id, mail.job_id!).catch(() => undefined)}>
                  {translate('mailClient.assign.fileAttachments')}
                </Button>
              )}
            </Stack>
          )}
          <MailFrame html={mail.mail_html} text={mail.text} images={images} />
        </>
      )}
      <JobPicker open={picking} onClose={() => setPicking(false)} onPick={(j) => void assign(j.job_id)} />
    </Box>
  );
}
