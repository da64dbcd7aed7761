/**
 * /email/:id? — the mail client: accounts and folders on the left, the grouped, virtualised list
 * in the middle (free-text search from 3 characters), the chosen mail on the right.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DraftsIcon from '@mui/icons-material/Drafts';
import EditIcon from '@mui/icons-material/Edit';
import SettingsIcon from '@mui/icons-material/Settings';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { MailSettingsDialog } from '../settings/MailSettingsDialog';
import { AccountPanel } from './AccountPanel';
import { BulkBar } from './BulkBar';
import { DraftListPane } from './DraftListPane';
import { LabelPanel } from './LabelPanel';
import { MailListPane } from './MailListPane';
import { ConversationPanel } from './ConversationPanel';
import { newestPerConversation } from '../../../core/mail/thread/conversations';
import { useMailProvider } from './mailProvider';
import { ReadingPane } from './ReadingPane';
import { NEW_MAIL_URL, replyUrl, type MailFlag, type MailListFilter, type MailListRow } from '../../../core/mail/client/types';
import { useMailAccounts } from './useMailAccounts';
import { useMailLabels } from './useMailLabels';
import { useMailList } from './useMailList';
import { useMailChanges } from './useMailChanges';
import { useShortcuts, type ShortcutAction } from './useShortcuts';
import { searchableText } from '../../../core/lists/search';

export function MailClientPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const params = useParams();
  const selectedId = Number(params.id) > 0 ? Number(params.id) : null;
  const provider = useMailProvider();
  const accounts = useMailAccounts();
  const labels = useMailLabels();
  // One view at a time: an IMAP folder, a tag, a local folder or the drafts (none: every folder).
  const [view, setView] = useState<{ ifolder_id?: number; mt_id?: number; mf_id?: number; drafts?: true }>({});
  const folderId = view.ifolder_id ?? null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const stext = searchableText(search);
  const enabledKey = accounts.enabledIds.join(',');
  const filter = useMemo<MailListFilter | null>(() => {
    if (!accounts.accounts || !enabledKey || view.drafts) return null;
    const ids = enabledKey.split(',').map(Number);
    const folderOn = folderId !== null && accounts.accounts.some((a) => ids.includes(a.mailaccount_id) && a.folders.some((f) => f.ifolder_id === folderId));
    const label = view.mt_id ? { mt_id: view.mt_id } : view.mf_id ? { mf_id: view.mf_id } : {};
    return { mailaccount_ids: ids, ifolder_id: folderOn ? folderId : null, ...label, ...(stext ? { stext } : {}) };
  }, [accounts.accounts, enabledKey, folderId, view.mt_id, view.mf_id, view.drafts, stext]);
  const list = useMailList(filter);
  // The conversation view (issue 30): one row per conversation, its mails above the open one.
  const [threaded, setThreaded] = useState(false);
  const heads = useMemo(() => (threaded ? newestPerConversation(list.rows) : null), [threaded, list.rows]);
  const { reload } = accounts;
  // New mail within seconds: the list and the unread counts reload when a sync changed the user's mail.
  useMailChanges(() => {
    list.refresh();
    reload();
  });
  const open = useCallback((id: number) => navigate(`/email/${id}`), [navigate]);

  const onChanged = useCallback(
    (id: number, patch: Partial<MailListRow>) => {
      list.patchRow(id, patch);
      if (patch.is_seen !== undefined) reload();
    },
    [list, reload],
  );

  const onRemoved = useCallback(
    (id: number) => {
      const index = list.rows.findIndex((r) => r.ma_id === id);
      const next = list.rows[index + 1] ?? list.rows[index - 1];
      list.removeRow(id);
      navigate(next ? `/email/${next.ma_id}` : '/email');
      reload();
    },
    [list, navigate, reload],
  );

  const onCheck = useCallback(
    (id: number) =>
      setChecked((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const onBulkDone = useCallback(
    (flags: Partial<Record<MailFlag, boolean>>, ids: number[]) => {
      for (const id of ids) {
        if (flags.is_deleted) list.removeRow(id);
        else list.patchRow(id, flags);
      }
      setChecked(new Set());
      reload();
    },
    [list, reload],
  );

  const shortcut = useCallback(
    async (action: ShortcutAction) => {
      const index = list.rows.findIndex((r) => r.ma_id === selectedId);
      const current = index >= 0 ? list.rows[index] : null;
      if (action === 'next' || action === 'previous') {
        const target = list.rows[index < 0 ? 0 : index + (action === 'next' ? 1 : -1)];
        if (target) open(target.ma_id);
        if (action === 'next' && index >= list.rows.length - 5) list.loadMore();
        return;
      }
      if (!current) return;
      if (action === 'reply') navigate(replyUrl(current.ma_id, 'reply'));
      if (action === 'flag' && (await provider.mailSetFlags(current.ma_id, { is_flagged: !current.is_flagged })))
        onChanged(current.ma_id, { is_flagged: !current.is_flagged });
      if (action === 'archive') {
        // To the account's Archive folder; an account without one deletes instead (a job's mail stays).
        const archive = accounts.accounts?.find((a) => a.mailaccount_id === current.mailaccount_id)?.folders.find((f) => f.ifolder_type === 'archive');
        if (archive && folderId !== archive.ifolder_id && (await provider.mailMove(current.ma_id, archive.ifolder_id))) onRemoved(current.ma_id);
        if (!archive && current.job_id === null && (await provider.mailSetFlags(current.ma_id, { is_deleted: true }))) onRemoved(current.ma_id);
      }
    },
    [list, selectedId, open, navigate, onChanged, onRemoved, accounts.accounts, folderId, provider],
  );
  useShortcuts((a: ShortcutAction) => void shortcut(a));

  if (accounts.accounts && !accounts.accounts.length) {
    return (
      <PageFrame title={title}>
        <Alert severity="info">{translate('mailClient.errors.noAccount')}</Alert>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title}>
      {/* On a wide screen the three columns fit the window (the app bar, the page's padding and
          heading take the 160 px) and each scrolls on its own: the list's scroll box has a bounded
          height, so its virtualiser keeps only the rows in view and asks for the next page near the end. */}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ height: { md: 'calc(100vh - 160px)' }, minHeight: { md: 360 } }}>
        <Stack spacing={1} sx={{ display: { xs: selectedId ? 'none' : 'flex', md: 'flex' }, overflowY: { md: 'auto' }, flexShrink: 0 }}>
          <Button component={Link} to={NEW_MAIL_URL} variant="contained" startIcon={<EditIcon />}>
            {translate('mailClient.actions.newMail')}
          </Button>
          <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)}>
            {translate('mailClient.actions.settings')}
          </Button>
          <MailSettingsDialog
            open={settingsOpen}
            onClose={() => {
              setSettingsOpen(false);
              // Tags and local folders may have been added or renamed there.
              labels.reload();
            }}
          />
          <List dense disablePadding>
            <ListItem disablePadding>
              <ListItemButton selected={!!view.drafts} aria-pressed={!!view.drafts} onClick={() => setView(view.drafts ? {} : { drafts: true })}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <DraftsIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={translate('mailClient.drafts.title')} />
              </ListItemButton>
            </ListItem>
          </List>
          <AccountPanel
            accounts={accounts.accounts ?? []}
            disabled={accounts.disabled}
            folderId={folderId}
            onToggle={accounts.toggle}
            onToggleAll={accounts.toggleAll}
            onFolder={(id) => setView(id === null ? {} : { ifolder_id: id })}
          />
          <LabelPanel
            tags={labels.tags}
            folders={labels.folders}
            tagId={view.mt_id ?? null}
            localFolderId={view.mf_id ?? null}
            onTag={(id) => setView(id === null ? {} : { mt_id: id })}
            onLocalFolder={(id) => setView(id === null ? {} : { mf_id: id })}
          />
        </Stack>
        <Box sx={{ width: { md: 380 }, flexShrink: 0, display: { xs: selectedId ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', minHeight: 0 }}>
          <TextField
            type="search"
            size="small"
            label={translate(view.drafts ? 'mailClient.drafts.search' : 'mailClient.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            helperText={search.trim() && !stext ? translate('mailClient.minChars') : translate('mailClient.shortcuts')}
          />
          {view.drafts ? (
            <DraftListPane stext={stext ?? ''} />
          ) : (
            <>
              <BulkBar ids={[...checked]} rows={list.rows} onDone={onBulkDone} onClear={() => setChecked(new Set())} />
              <FormControlLabel
                control={<Switch size="small" checked={threaded} onChange={(e) => setThreaded(e.target.checked)} />}
                label={translate('mailClient.threads.toggle')}
              />
              <MailListPane
                checked={checked}
                onCheck={onCheck}
                rows={heads ? heads.rows : list.rows}
                counts={heads?.counts}
                hasMore={list.hasMore}
                loading={list.loading}
                selectedId={selectedId}
                onOpen={open}
                onNearEnd={list.loadMore}
                tags={labels.tags}
              />
            </>
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', overflowY: { md: 'auto' } }} data-testid="mail-reading-column">
          {selectedId ? (
            <>
              <Button component={Link} to="/email" sx={{ display: { md: 'none' }, alignSelf: 'flex-start' }}>
                {translate('mailClient.actions.back')}
              </Button>
              {threaded && <ConversationPanel id={selectedId} onOpen={open} />}
              <ReadingPane
                key={selectedId}
                id={selectedId}
                onChanged={onChanged}
                onRemoved={onRemoved}
                labels={labels}
                listed={list.rows.find((r) => r.ma_id === selectedId)}
              />
            </>
          ) : (
            <Typography color="text.secondary">{translate('mailClient.selectMail')}</Typography>
          )}
        </Box>
      </Stack>
    </PageFrame>
  );
}
