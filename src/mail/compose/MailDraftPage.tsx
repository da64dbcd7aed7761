/**
 * /email/draft/:id? — an existing draft by id; 'new' (or no id) creates one. With
 * ?mode=reply|replyAll|forward&ma_id= the new draft is prefilled from that mail, and when a draft
 * answering the same mail exists the user chooses: continue it, or replace it (the old one is deleted).
 * &images=1 (the user showed the mail's remote images) lets the quote keep them; otherwise they stay blocked.
 * ?job_id= starts a new mail from that job: it goes out with the job's reply address and is filed to the job.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/authStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { loadFailure, loadFailureKey, type LoadFailure } from '../client/loadFailure';
import { useComposeProvider } from './composeProvider';
import { DraftEditor } from './DraftEditor';
import type { DraftListRow, ReplyMode } from './types';

const MODES: readonly ReplyMode[] = ['reply', 'replyAll', 'forward'];

function NewDraft() {
  const translate = useTranslate();
  const provider = useComposeProvider();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [existing, setExisting] = useState<DraftListRow | null>(null);
  const [failed, setFailed] = useState<LoadFailure | null>(null);
  const started = useRef(false);
  const modeParam = params.get('mode');
  const mode = MODES.includes(modeParam as ReplyMode) ? (modeParam as ReplyMode) : null;
  const maId = Number(params.get('ma_id')) || null;
  const images = params.get('images') === '1';
  const jobId = Number(params.get('job_id')) || null;

  const open = (id: number) => navigate(`/email/draft/${id}`, { replace: true });
  const create = async (replaceId?: number) => {
    try {
      const d = await provider.composeCreate(
        mode && maId
          ? { reply_ma_id: maId, mode, ...(images ? { images: true } : {}), ...(replaceId ? { replace_id: replaceId } : {}) }
          : jobId
            ? { job_id: jobId }
            : {},
      );
      open(d.mdraft_id);
    } catch (err) {
      setFailed(loadFailure(err));
    }
  };

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (mode && maId) {
        let list: DraftListRow[];
        try {
          list = await provider.composeDraftsFor(maId);
        } catch (err) {
          return setFailed(loadFailure(err));
        }
        if (list.length) return setExisting(list[0]);
      }
      await create();
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failed) return <Alert severity="error">{translate(loadFailureKey(failed))}</Alert>;
  if (!existing) return <Typography>{translate('mailCompose.page.loading')}</Typography>;
  return (
    <Dialog open aria-labelledby="draft-exists-title">
      <DialogTitle id="draft-exists-title">{translate('mailCompose.page.existingTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('mailCompose.page.existingText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => open(existing.mdraft_id)}>{translate('mailCompose.page.continue')}</Button>
        <Button color="warning" onClick={() => void create(existing.mdraft_id)}>
          {translate('mailCompose.page.replace')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MailDraftPage({ title }: PageProps) {
  const { id } = useParams();
  const { user } = useAuth();
  const editor = String(user?.settings?.emailEditor ?? 'ckeditor');
  const draftId = id && /^\d+$/.test(id) ? Number(id) : null;
  return <PageFrame title={title}>{draftId ? <DraftEditor key={draftId} draftId={draftId} editor={editor} /> : <NewDraft />}</PageFrame>;
}
