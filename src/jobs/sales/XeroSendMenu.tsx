/**
 * Sending a sales section to Xero: a menu of the invoice types (the section's own first), shown
 * while the section is not final, the user may send it (XERO_DOCUMENT_GATE) and the brand's
 * accounting is connected. The answer carries the job's sales, which become the tab's data (the
 * section then shows its Xero number and is final). A refusal's XE_* text is shown by the http
 * client; a queued push says so. MUI's Menu gives the keyboard and fits a 390 px screen.
 */
import { useId, useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { XERO_DOCUMENT_GATE } from '../../../core/accounting/constants';
import { INVOICE_TYPES, type InvoiceType } from '../../../core/enums';
import type { JobSales, SalesSection } from '../../../core/jobs/sales/types';
import { useAccountingProvider } from '../../accounting/accountingProvider';
import { XERO_STATUS_KEY } from '../../accounting/XeroConnectionPage';
import { notify } from '../../notices/noticeStore';
import { useAllowed } from '../sheet/options';
import { useJobsProvider } from '../jobsProvider';

/** The section's own type first, then the others in SPEC's order. */
export const sendChoices = (own: InvoiceType): InvoiceType[] => [own, ...INVOICE_TYPES.filter((x) => x !== own)];

/** True when the brand's accounting is connected and this user may send sections (no status call otherwise). */
export function useCanSendToXero(): boolean {
  const allowed = useAllowed(XERO_DOCUMENT_GATE);
  const provider = useAccountingProvider();
  const status = useQuery({ queryKey: XERO_STATUS_KEY, queryFn: ({ signal }) => provider.xeroStatus(signal), enabled: allowed });
  return allowed && status.data?.connected === true;
}

export interface XeroSendMenuProps {
  jobId: number;
  section: SalesSection;
  /** The section's position (1-based), for the button's accessible name. */
  n: number;
  /** The job's sales after the send: the tab's data. */
  onSent: (sales: JobSales) => void;
}

export function XeroSendMenu({ jobId, section, n, onSent }: XeroSendMenuProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`xeroDocuments.menu.${key}`, opts);
  const provider = useJobsProvider();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const send = useMutation({
    mutationFn: (type: InvoiceType) => provider.jobSalesToXero(jobId, section.jss_id, type),
    onSuccess: (answer) => {
      if (!answer) return;
      onSent(answer.sales);
      if (answer.status === 'queued') notify('warning', translate('xeroDocuments.queued'));
    },
  });
  const choose = (type: InvoiceType) => {
    setAnchor(null);
    // The http client has already shown why a call was refused (the XE_* code's text).
    void send.mutateAsync(type).catch(() => undefined);
  };

  return (
    <>
      <Button
        id={buttonId}
        startIcon={<CloudUploadIcon />}
        aria-label={t('label', { n })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={send.isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {send.isPending ? t('working') : t('open')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {sendChoices(section.jss_invoice_type).map((type) => (
          <MenuItem key={type} onClick={() => choose(type)}>
            <ListItemText>{t(`as.${type}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The section's Xero number, opening the document (online invoice or Xero) in a new tab. */
export function XeroNumberLink({ section }: { section: SalesSection }) {
  const translate = useTranslate();
  if (!section.xero_doc_number) return null;
  const number = section.xero_doc_number;
  const label = translate('xeroDocuments.number', { number });
  if (!section.xero_doc_url) return <span>{label}</span>;
  return (
    <Button
      size="small"
      component="a"
      href={section.xero_doc_url}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon fontSize="small" />}
      aria-label={translate('xeroDocuments.numberLabel', { number })}
    >
      {label}
    </Button>
  );
}
