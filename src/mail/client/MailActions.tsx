/** The reading pane's toolbar: flags, delete, assign to job, and links to reply, reply all, forward. */
import { IconButton, Stack, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/Delete';
import FlagIcon from '@mui/icons-material/Flag';
import ForwardIcon from '@mui/icons-material/Forward';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ReplyIcon from '@mui/icons-material/Reply';
import ReportIcon from '@mui/icons-material/Report';
import ReportOffIcon from '@mui/icons-material/ReportOff';
import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { replyUrl, type MailDetails, type MailFlag } from '../../../core/mail/client/types';

export interface MailActionsProps {
  mail: MailDetails;
  onFlags: (flags: Partial<Record<MailFlag, boolean>>) => void;
  onAssign: () => void;
  /** The user chose to show this mail's remote images: a reply or forward quotes them too. */
  images?: boolean;
}

function Action({ label, icon, onClick, to, disabled }: { label: string; icon: ReactElement; onClick?: () => void; to?: string; disabled?: boolean }) {
  const button = to ? (
    <IconButton aria-label={label} component={Link} to={to}>
      {icon}
    </IconButton>
  ) : (
    <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={label}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

export function MailActions({ mail, onFlags, onAssign, images = false }: MailActionsProps) {
  const t = useTranslate();
  const linked = mail.job_id !== null;
  return (
    <Stack direction="row" flexWrap="wrap" role="toolbar" aria-label={t('mailClient.body')}>
      <Action label={t('mailClient.actions.reply')} icon={<ReplyIcon />} to={replyUrl(mail.ma_id, 'reply', images)} />
      <Action label={t('mailClient.actions.replyAll')} icon={<ReplyAllIcon />} to={replyUrl(mail.ma_id, 'replyAll', images)} />
      <Action label={t('mailClient.actions.forward')} icon={<ForwardIcon />} to={replyUrl(mail.ma_id, 'forward', images)} />
      {mail.is_seen ? (
        <Action label={t('mailClient.actions.markUnread')} icon={<MarkEmailUnreadIcon />} onClick={() => onFlags({ is_seen: false })} />
      ) : (
        <Action label={t('mailClient.actions.markRead')} icon={<MarkEmailReadIcon />} onClick={() => onFlags({ is_seen: true })} />
      )}
      {mail.is_flagged ? (
        <Action label={t('mailClient.actions.unflag')} icon={<FlagIcon color="error" />} onClick={() => onFlags({ is_flagged: false })} />
      ) : (
        <Action label={t('mailClient.actions.flag')} icon={<OutlinedFlagIcon />} onClick={() => onFlags({ is_flagged: true })} />
      )}
      {mail.is_ready ? (
        <Action label={t('mailClient.actions.notReady')} icon={<CheckCircleIcon color="success" />} onClick={() => onFlags({ is_ready: false })} />
      ) : (
        <Action label={t('mailClient.actions.ready')} icon={<CheckCircleOutlineIcon />} onClick={() => onFlags({ is_ready: true })} />
      )}
      {mail.is_spam ? (
        <Action label={t('mailClient.actions.notSpam')} icon={<ReportOffIcon />} onClick={() => onFlags({ is_spam: false })} />
      ) : (
        <Action label={t('mailClient.actions.spam')} icon={<ReportIcon />} onClick={() => onFlags({ is_spam: true })} disabled={linked} />
      )}
      <Action
        label={t('mailClient.actions.delete')}
        icon={<DeleteIcon />}
        onClick={() => onFlags({ is_deleted: true })}
        disabled={linked || !mail.can_delete}
      />
      <Action label={t('mailClient.actions.assignJob')} icon={<WorkOutlineIcon />} onClick={onAssign} />
    </Stack>
  );
}
