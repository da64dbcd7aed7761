/**
 * One open draft: From, To/Cc/Bcc, Subject, templates and signatures, the body, attachments (a
 * forward's come with it from the server, and are removed like uploaded ones), Send.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../notices/noticeStore';
import { formatBytes } from '../../files/format';
import { UploadBox } from '../../files/UploadBox';
import { AddressField } from './AddressField';
import { ADDRESS_MESSAGES, checkRecipients } from '../../../core/mail/compose/addresses';
import { loadFailureKey } from '../client/loadFailure';
import { useComposeProvider } from './composeProvider';
import { BodyEditor } from './BodyEditor';
import { CannotSendNotice } from './CannotSendNotice';
import { NoTextsHint } from './NoTextsHint';
import { MailSettingsDialog } from '../settings/MailSettingsDialog';
import { insertBeforeQuote } from './snippets';
import { useDraftEditor } from './useDraftEditor';

export interface DraftEditorProps {
  draftId: number;
  editor: string;
  autosaveMs?: number;
}

const aliasKey = (a: { mal_id: number | null; mailaccount_id: number }) => (a.mal_id !== null ? `a${a.mal_id}` : `m${a.mailaccount_id}`);

/** The address check's text in the user's language (the check itself gives SPEC.md's English). */
function addressProblem(problem: string, translate: (k: string) => string): string {
  if (problem === ADDRESS_MESSAGES.none) return translate('mailCompose.errors.none');
  if (problem === ADDRESS_MESSAGES.noValid) return translate('mailCompose.errors.noValid');
  if (problem.startsWith(ADDRESS_MESSAGES.invalidList)) return translate('mailCompose.errors.invalidList') + problem.slice(ADDRESS_MESSAGES.invalidList.length);
  return problem;
}

/** A list the composer offers (From, signatures, templates); empty when it cannot be had. */
function useComposeList<T>(key: string, load: () => Promise<T[]>): T[] {
  return useQuery({ queryKey: ['compose', key], queryFn: () => load().catch((): T[] => []), retry: false }).data ?? [];
}

export function DraftEditor({ draftId, editor, autosaveMs }: DraftEditorProps) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`mailCompose.page.${k}`, o);
  const navigate = useNavigate();
  const d = useDraftEditor(draftId, autosaveMs);
  const provider = useComposeProvider();
  const queryClient = useQueryClient();
  const aliases = useComposeList('aliases', provider.composeAliases);
  const signatures = useComposeList('signatures', provider.composeSignatures);
  const templates = useComposeList('templates', provider.composeTemplates);
  const [sendError, setSendError] = useState<string | null>(null);
  // Send stays usable during an autosave (the send waits for it), not while a send is on its way.
  const [sending, setSending] = useState(false);
  const [settingsTab, setSettingsTab] = useState<'templates' | 'signatures' | null>(null);

  if (d.loadError) return <Alert severity="error">{translate(loadFailureKey(d.loadError))}</Alert>;
  if (!d.draft || !d.current) return <Typography>{t('loading')}</Typography>;
  const cur = d.current;
  const disabled = d.locked || !!d.conflict;
  const accountTexts = <T extends { mailaccount_id: number }>(list: T[]) => list.filter((x) => x.mailaccount_id === cur.mailaccount_id);
  const fromAlias = aliases.find((a) => aliasKey(a) === aliasKey(cur));
  const cannotSend = fromAlias !== undefined && !fromAlias.can_send;

  const onSend = async () => {
    const problem = checkRecipients({ to: cur.mdraft_to_arr, cc: cur.mdraft_cc_arr, bcc: cur.mdraft_bcc_arr });
    if (problem) return setSendError(addressProblem(problem, translate));
    setSendError(null);
    setSending(true);
    const sent = await d.send().finally(() => setSending(false));
    if (sent) {
      notify('success', t('sent'));
      navigate('/email');
    }
  };

  const onDelete = async () => {
    await d.remove();
    navigate('/email');
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      {d.locked && (
        <Alert severity="warning" action={<Button onClick={() => void d.unlock()}>{t('unlock')}</Button>}>
          {t('locked')}
          {d.lockReason && d.lockReason !== 'sending' ? ` ${d.lockReason}` : ''}
        </Alert>
      )}
      {d.conflict && (
        <Alert severity="error" action={<Button onClick={() => void d.reload()}>{translate('ra.action.refresh')}</Button>}>
          {d.conflict}
        </Alert>
      )}
      <TextField
        select
        size="small"
        label={t('from')}
        value={aliases.length ? aliasKey(cur) : ''}
        disabled={disabled}
        onChange={(e) => {
          const a = aliases.find((x) => aliasKey(x) === e.target.value);
          if (a) d.patch({ mal_id: a.mal_id, mailaccount_id: a.mailaccount_id });
        }}
      >
        {aliases.map((a) => (
          <MenuItem key={aliasKey(a)} value={aliasKey(a)}>
            {a.mal_name ? `${a.mal_name} <${a.mal_email}>` : a.mal_email}
          </MenuItem>
        ))}
      </TextField>
      {cannotSend && !disabled && (
        <CannotSendNotice from={fromAlias} aliases={aliases} onChoose={(a) => d.patch({ mal_id: a.mal_id, mailaccount_id: a.mailaccount_id })} />
      )}
      <AddressField label={t('to')} value={cur.mdraft_to_arr} disabled={disabled} onChange={(v) => d.patch({ mdraft_to_arr: v })} />
      <AddressField label={t('cc')} value={cur.mdraft_cc_arr} disabled={disabled} onChange={(v) => d.patch({ mdraft_cc_arr: v })} />
      <AddressField label={t('bcc')} value={cur.mdraft_bcc_arr} disabled={disabled} onChange={(v) => d.patch({ mdraft_bcc_arr: v })} />
      <TextField
        size="small"
        label={t('subject')}
        value={cur.mdraft_subject}
        disabled={disabled}
        onChange={(e) => d.patch({ mdraft_subject: e.target.value })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('template')}
          value=""
          disabled={disabled || !accountTexts(templates).length}
          helperText={
            !disabled && !accountTexts(templates).length ? <NoTextsHint kind="templates" onOpenSettings={() => setSettingsTab('templates')} /> : undefined
          }
          sx={{ minWidth: 220 }}
          onChange={(e) => {
            const tpl = templates.find((x) => String(x.mtpl_id) === e.target.value);
            if (tpl)
              d.replaceBody({
                mdraft_html: insertBeforeQuote(cur.mdraft_html, tpl.mtpl_content),
                mdraft_subject: cur.mdraft_subject || tpl.mtpl_subject || '',
              });
          }}
        >
          {accountTexts(templates).map((x) => (
            <MenuItem key={x.mtpl_id} value={String(x.mtpl_id)}>
              {x.mtpl_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('signature')}
          value=""
          disabled={disabled || !accountTexts(signatures).length}
          helperText={
            !disabled && !accountTexts(signatures).length ? <NoTextsHint kind="signatures" onOpenSettings={() => setSettingsTab('signatures')} /> : undefined
          }
          sx={{ minWidth: 220 }}
          onChange={(e) => {
            const sig = signatures.find((x) => String(x.ms_id) === e.target.value);
            if (sig) d.replaceBody({ mdraft_html: insertBeforeQuote(cur.mdraft_html, sig.ms_signature) });
          }}
        >
          {accountTexts(signatures).map((x) => (
            <MenuItem key={x.ms_id} value={String(x.ms_id)}>
              {x.ms_name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <BodyEditor editor={editor} html={cur.mdraft_html} resetKey={d.resetKey} disabled={disabled} onChange={(html) => d.patch({ mdraft_html: html })} />
      <Box>
        <Typography variant="subtitle2">{t('attachments')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
          {d.draft.attachments.map((f) => (
            <Chip
              key={f.file_id}
              label={`${f.f_name} (${formatBytes(f.f_size)})`}
              disabled={disabled}
              aria-label={f.f_name}
              onDelete={() => void provider.composeRemoveAttachment(draftId, f.file_id).then(d.refreshAttachments)}
              deleteIcon={<span aria-label={t('removeAttachment', { name: f.f_name })}>×</span>}
            />
          ))}
        </Stack>
        {!disabled && <UploadBox path={`maildrafts/${draftId}/attachments`} answerKey="maildrafts" onUploaded={() => void d.refreshAttachments()} />}
      </Box>
      {sendError && <Alert severity="error">{sendError}</Alert>}
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="contained" disabled={disabled || cannotSend || sending} onClick={() => void onSend()}>
          {t('send')}
        </Button>
        <Button color="error" onClick={() => void onDelete()}>
          {t('delete')}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {d.status === 'saving' ? t('saving') : d.status === 'saved' ? t('saved') : ''}
        </Typography>
      </Stack>
      <MailSettingsDialog
        open={settingsTab !== null}
        start={settingsTab ? { tab: settingsTab, accountId: cur.mailaccount_id } : undefined}
        onClose={() => {
          setSettingsTab(null);
          void queryClient.invalidateQueries({ queryKey: ['compose'] });
        }}
      />
    </Stack>
  );
}
