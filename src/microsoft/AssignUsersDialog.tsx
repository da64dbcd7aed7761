/**
 * Who may use a mailbox: every staff user of the brand with an "assigned" box and the IMAP
 * accounts' two rights (can send, can delete). Saving posts the whole list (assignusers `_bulk`).
 */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { STAFF } from '../../core/access/roles';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { useMicrosoftProvider, type AssignedUser } from './microsoftProvider';

interface Props {
  account: MicrosoftAccount | null;
  busy: boolean;
  onClose(): void;
  onSave(rows: AssignedUser[]): void;
}

export function AssignUsersDialog({ account, busy, onClose, onSave }: Props) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`microsoft.accounts.${key}`, opts);
  const provider = useMicrosoftProvider();
  const users = useQuery({
    queryKey: ['microsoftaccounts', 'staff'],
    queryFn: ({ signal }) => provider.microsoftStaffUsers(signal),
    enabled: account !== null,
  });
  // The dialog is keyed by the mailbox (MicrosoftDashboardPage), so each opening starts from its users.
  const [rows, setRows] = useState<Map<number, AssignedUser>>(
    () => new Map((account?.users ?? []).map((u) => [u.us_id, { us_id: u.us_id, can_send: u.can_send, can_delete: u.can_delete }])),
  );
  const staff = (users.data ?? []).filter((u) => (STAFF as readonly string[]).includes(u.role));
  const update = (usId: number, change: Partial<AssignedUser> | null) =>
    setRows((prev) => {
      const next = new Map(prev);
      if (change === null) next.delete(usId);
      else next.set(usId, { ...(prev.get(usId) ?? { us_id: usId, can_send: true, can_delete: false }), ...change });
      return next;
    });
  const titleId = 'microsoft-assign-title';
  return (
    <Dialog open={account !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('assignTitle', { email: account?.msa_email ?? '' })}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('user')}</TableCell>
                <TableCell padding="checkbox">{t('assigned')}</TableCell>
                <TableCell padding="checkbox">{t('canSend')}</TableCell>
                <TableCell padding="checkbox">{t('canDelete')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {staff.map((u) => {
                const row = rows.get(u.us_id);
                const name = u.fullname || [u.firstname, u.surname].filter(Boolean).join(' ') || u.email;
                return (
                  <TableRow key={u.us_id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{`${name} (${u.email})`}</TableCell>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={row !== undefined}
                        onChange={(e) => update(u.us_id, e.target.checked ? {} : null)}
                        inputProps={{ 'aria-label': `${t('assigned')}: ${u.email}` }}
                      />
                    </TableCell>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={row?.can_send ?? false}
                        disabled={!row}
                        onChange={(e) => update(u.us_id, { can_send: e.target.checked })}
                        inputProps={{ 'aria-label': `${t('canSend')}: ${u.email}` }}
                      />
                    </TableCell>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={row?.can_delete ?? false}
                        disabled={!row}
                        onChange={(e) => update(u.us_id, { can_delete: e.target.checked })}
                        inputProps={{ 'aria-label': `${t('canDelete')}: ${u.email}` }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={busy || !users.isSuccess} onClick={() => onSave([...rows.values()])}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
