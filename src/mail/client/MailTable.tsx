/** A plain table of mails (the job's E-mails tab and the deleted mails page); rows open the mail. */
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useMailDateText } from './mailDates';
import type { MailListRow } from '../../../core/mail/client/types';

export function MailTable({ rows, label, action }: { rows: MailListRow[]; label: string; action?: (row: MailListRow) => ReactNode }) {
  const t = useTranslate();
  const dates = useMailDateText();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('mailClient.date')}</TableCell>
          <TableCell>{t('mailClient.from')}</TableCell>
          <TableCell>{t('mailClient.subject')}</TableCell>
          {action && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.ma_id} hover>
            <TableCell>{dates.full(r.mail_date)}</TableCell>
            <TableCell>{r.mail_from?.name || r.mail_from?.address}</TableCell>
            <TableCell>
              <Link to={`/email/${r.ma_id}`}>{r.mail_subject || t('mailClient.noSubject')}</Link>
            </TableCell>
            {action && <TableCell align="right">{action(r)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
