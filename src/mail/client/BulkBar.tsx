/** Changes for the checked mails at once (PATCH mails {_bulk}): read, unread, flag, delete. */
import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MailFlag, MailListRow } from '../../../core/mail/client/types';
import { useMailProvider } from './mailProvider';

export interface BulkBarProps {
  ids: number[];
  rows: MailListRow[];
  onDone: (flags: Partial<Record<MailFlag, boolean>>, ids: number[]) => void;
  onClear: () => void;
}

export function BulkBar({ ids, rows, onDone, onClear }: BulkBarProps) {
  const t = useTranslate();
  const provider = useMailProvider();
  if (!ids.length) return null;
  const linked = rows.some((r) => ids.includes(r.ma_id) && r.job_id !== null);
  async function apply(flags: Partial<Record<MailFlag, boolean>>) {
    if (await provider.mailSetFlagsOf(ids, flags)) onDone(flags, ids);
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" role="toolbar" aria-label={t('mailClient.bulk.title')}>
      <Typography variant="body2">{t('mailClient.bulk.count', { count: ids.length })}</Typography>
      <Button size="small" onClick={() => void apply({ is_seen: true })}>
        {t('mailClient.actions.markRead')}
      </Button>
      <Button size="small" onClick={() => void apply({ is_seen: false })}>
        {t('mailClient.actions.markUnread')}
      </Button>
      <Button size="small" onClick={() => void apply({ is_flagged: true })}>
        {t('mailClient.actions.flag')}
      </Button>
      <Button size="small" color="error" disabled={linked} onClick={() => void apply({ is_deleted: true })}>
        {t('mailClient.actions.delete')}
      </Button>
      <Button size="small" onClick={onClear}>
        {t('mailClient.bulk.clear')}
      </Button>
    </Stack>
  );
}
