/**
 * The left column: the user's accounts, each with an on/off switch (the disabled ids are kept in
 * client storage, SPEC.md point 3; a Microsoft mailbox's in the user's list on the server: useMailAccounts),
 * a "sync now" button (mails/sync/{id}), and their folders with unread counts.
 */
import SyncIcon from '@mui/icons-material/Sync';
import { Badge, Box, IconButton, List, ListItem, ListItemButton, ListItemText, ListSubheader, Switch, Stack, Tooltip, Typography } from '@mui/material';
import { VisuallyHidden } from '../../util/VisuallyHidden';
import { useTranslate } from 'ra-core';
import { notify } from '../../notices/noticeStore';
import { useMailProvider } from './mailProvider';
import type { Id } from '../../storage/clientStorage';
import type { MailAccountInfo } from '../../../core/mail/client/types';

export interface AccountPanelProps {
  accounts: MailAccountInfo[];
  disabled: Id[];
  folderId: number | null;
  onToggle: (accountId: number) => void;
  onToggleAll: () => void;
  onFolder: (folderId: number | null) => void;
}

export function AccountPanel({ accounts, disabled, folderId, onToggle, onToggleAll, onFolder }: AccountPanelProps) {
  const translate = useTranslate();
  const provider = useMailProvider();
  const isOn = (id: number) => !disabled.map(String).includes(String(id));
  const allOn = accounts.every((a) => isOn(a.mailaccount_id));
  const syncNow = async (accountId: number) => {
    // A refusal is shown by the http client; the new mail arrives through the changes poll.
    if (await provider.mailSync(accountId).catch(() => false)) notify('success', translate('mailClient.sync.requested'));
  };
  return (
    <Box component="nav" aria-label={translate('mailClient.accounts')} sx={{ width: { md: 240 }, flexShrink: 0 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="subtitle2">{translate('mailClient.accounts')}</Typography>
        <Switch size="small" checked={allOn} onChange={onToggleAll} slotProps={{ input: { 'aria-label': translate('mailClient.toggleAll') } }} />
      </Stack>
      {accounts.map((a) => (
        <List
          key={a.mailaccount_id}
          dense
          subheader={
            <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', px: 0, borderLeft: `4px solid ${a.ma_color ?? 'transparent'}`, pl: 1 }}>
              <Box sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} title={a.ma_email}>
                {a.ma_name}
              </Box>
              <Tooltip title={translate('mailClient.sync.now', { name: a.ma_name })}>
                <IconButton size="small" aria-label={translate('mailClient.sync.now', { name: a.ma_name })} onClick={() => void syncNow(a.mailaccount_id)}>
                  <SyncIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Switch
                size="small"
                checked={isOn(a.mailaccount_id)}
                onChange={() => onToggle(a.mailaccount_id)}
                slotProps={{ input: { 'aria-label': a.ma_name } }}
              />
            </ListSubheader>
          }
        >
          {isOn(a.mailaccount_id) &&
            a.folders.map((f) => (
              <ListItem key={f.ifolder_id} disablePadding>
                {/* Named "<account> <folder>" from its text (the account is read, not shown, as the
                    list's heading shows it); the unread count is its description, not its name. */}
                <ListItemButton
                  selected={folderId === f.ifolder_id}
                  onClick={() => onFolder(folderId === f.ifolder_id ? null : f.ifolder_id)}
                  aria-describedby={`mail-folder-unread-${f.ifolder_id}`}
                >
                  <ListItemText
                    primary={
                      <>
                        <VisuallyHidden>{a.ma_name}</VisuallyHidden> {f.ifolder_name}
                      </>
                    }
                  />
                  <Badge
                    badgeContent={f.unread}
                    color="primary"
                    max={9999}
                    sx={{ mr: 1.5 }}
                    aria-hidden
                    slotProps={{ badge: { id: `mail-folder-unread-${f.ifolder_id}` } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
        </List>
      ))}
    </Box>
  );
}
