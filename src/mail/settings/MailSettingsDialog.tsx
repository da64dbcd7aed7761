/**
 * Mail settings: signatures and templates of each mail account the user is linked to, and the
 * tags and local folders every account shares. Opened from the mail client page.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SignaturesTab, TemplatesTab } from './AccountTextTab';
import { linkedAccounts } from './api';
import { FoldersTab } from './FoldersTab';
import { TagsTab } from './TagsTab';
import type { LinkedAccount } from './types';

const TABS = ['signatures', 'templates', 'tags', 'folders'] as const;
export type MailSettingsTab = (typeof TABS)[number];
type TabName = MailSettingsTab;

export interface MailSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where it opens (the composer opens it on the templates or signatures of the draft's account). */
  start?: { tab: MailSettingsTab; accountId?: number };
}

function AccountPicker({
  accounts,
  value,
  onChange,
  disabled,
}: {
  accounts: LinkedAccount[];
  value: number;
  onChange: (id: number) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('mailSettings.account')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 260 }}
    >
      {accounts.map((a) => (
        <MenuItem key={a.mailaccount_id} value={a.mailaccount_id}>
          {a.ma_name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SettingsBody({ start }: { start?: MailSettingsDialogProps['start'] }) {
  const translate = useTranslate();
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [tab, setTab] = useState<TabName>(start?.tab ?? 'signatures');

  useEffect(() => {
    let live = true;
    linkedAccounts()
      .then((list) => {
        if (!live) return;
        setAccounts(list);
        const asked = list.find((a) => a.mailaccount_id === start?.accountId);
        setAccountId((asked ?? list[0])?.mailaccount_id ?? null);
      })
      .catch((e: unknown) => {
        if (live) setRefusal(e instanceof Error && e.message ? e.message : translate('mailSettings.loadFailed'));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const perAccount = tab === 'signatures' || tab === 'templates';
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, minHeight: 40 }}>
        {accounts === null && !refusal && <Typography>{translate('mailSettings.loading')}</Typography>}
        {refusal && <Alert severity="info">{refusal}</Alert>}
        {accounts && accounts.length === 0 && <Alert severity="info">{translate('mailSettings.noAccount')}</Alert>}
        {accounts && accountId !== null && <AccountPicker accounts={accounts} value={accountId} onChange={setAccountId} disabled={!perAccount} />}
        {!perAccount && (
          <Typography variant="body2" color="text.secondary">
            {translate('mailSettings.sharedNote')}
          </Typography>
        )}
      </Box>
      <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`mailSettings.tabs.${t}`)} />
        ))}
      </Tabs>
      <Box role="tabpanel">
        {tab === 'signatures' && accountId !== null && <SignaturesTab key={accountId} accountId={accountId} />}
        {tab === 'templates' && accountId !== null && <TemplatesTab key={accountId} accountId={accountId} />}
        {tab === 'tags' && <TagsTab />}
        {tab === 'folders' && <FoldersTab />}
      </Box>
    </>
  );
}

export function MailSettingsDialog({ open, onClose, start }: MailSettingsDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="mail-settings-title">
      <DialogTitle id="mail-settings-title">{translate('mailSettings.title')}</DialogTitle>
      {/* Mounted only while open, so every opening shows fresh lists. */}
      <DialogContent dividers>{open && <SettingsBody start={start} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('mailSettings.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
