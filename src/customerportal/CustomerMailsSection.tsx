/**
 * The job's mails the customer took part in (GET customerportal/{id}/mails; which ones, see
 * server/customerportal/mails.ts), newest first: subject, sender, recipients, date and the plain
 * text, each folded until opened so a phone screen stays short.
 */
import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { CustomerJobMail } from '../../core/customerportal/types';
import { formatWireDate } from '../resources/engine/dateText';
import { CUSTOMER_KEY, useCustomerProvider } from './customerProvider';
import { Section, usePortalDateFormat } from './portalParts';

const who = (a: { name?: string | null; address: string } | null) => (a ? (a.name ? `${a.name} <${a.address}>` : a.address) : '—');

function MailItem({ mail }: { mail: CustomerJobMail }) {
  const translate = useTranslate();
  const format = usePortalDateFormat();
  const subject = mail.mail_subject || '—';
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={subject}>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
            {subject}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {who(mail.mail_from)} · {formatWireDate(mail.mail_date, format)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {translate('customerPortal.mails.from', { from: who(mail.mail_from) })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {translate('customerPortal.mails.to', { to: [...mail.mail_to_arr, ...mail.mail_cc_arr].map(who).join(', ') })}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>
          {mail.mail_text}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}

export function CustomerMailsSection({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const provider = useCustomerProvider();
  const { data: mails = [] } = useQuery({ queryKey: [CUSTOMER_KEY, 'mails', jobId], queryFn: ({ signal }) => provider.customerMails(jobId, signal) });
  return (
    <Section title={translate('customerPortal.mails.title')}>
      {mails.length === 0 ? (
        <Typography color="text.secondary">{translate('customerPortal.mails.empty')}</Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {translate('customerPortal.mails.count', { count: mails.length })}
        </Typography>
      )}
      {mails.map((m) => (
        <MailItem key={m.ma_id} mail={m} />
      ))}
    </Section>
  );
}
