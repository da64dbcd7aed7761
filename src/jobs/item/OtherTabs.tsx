/** The E-mails tab (filled by the mail issue: no call yet). */
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function EmailsTab() {
  const translate = useTranslate();
  return <Typography>{translate('jobs.item.noEmails')}</Typography>;
}
