/** A plain table of mails (the job's E-mails tab and the deleted mails page); rows open the mail. */
import type { ReactNode } from 'react';
import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useMailDateText } from './mailDates';
import type { MailListRow } from '../../../core/mail/client/types';

export interface MailTableProps {
  rows: MailListRow[];
  label: string;
  action?: (row: MailListRow) => ReactNode;
  /** With these, each row has a check box (the mail client's habit of checking mails for a bulk change). */
  checked?: ReadonlySet<number>;
  onCheck?: (id: number) => void;
  /** A line under the subject (the job's E-mails tab: the inboxes a message reached). */
  note?: (row: MailListRow) => ReactNode;
}

export function MailTable({ rows, label, action, checked, onCheck, note }: MailTableProps) {
  const t = useTranslate();
  const dates = useMailDateText();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {onCheck && <TableCell padding="checkbox" />}
          <TableCell>{t('mailClient.date')}</TableCell>
          <TableCell>{t('mailClient.from')}</TableCell>
          <TableCell>{t('mailClient.subject')}</TableCell>
          {action && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.ma_id} hover>
            {onCheck && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={checked?.has(r.ma_id) ?? false}
                  onChange={() => onCheck(r.ma_id)}
                  slotProps={{ input: { 'aria-label': t('mailClient.bulk.select', { subject: r.mail_subject || t('mailClient.noSubject') }) } }}
                />
              </TableCell>
            )}
            <TableCell>{dates.full(r.mail_date)}</TableCell>
            <TableCell>{r.mail_from?.name || r.mail_from?.address}</TableCell>
            <TableCell>
              <Link to={`/email/${r.ma_id}`}>{r.mail_subject || t('mailClient.noSubject')}</Link>
              {note?.(r)}
            </TableCell>
            {action && <TableCell align="right">{action(r)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
