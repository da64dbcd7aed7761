/**
 * A sales section's PDF menu: download it as a quote or an invoice (and as its own type when that
 * is an advance payment or a credit note), or attach it to a new mail draft in one click and open
 * the draft. The calls go through the data provider; the http client shows any refusal. MUI's Menu
 * gives the keyboard (arrows, Enter, Escape) and fits a 390 px screen.
 */
import { useId, useState } from 'react';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import DownloadIcon from '@mui/icons-material/Download';
import AttachEmailIcon from '@mui/icons-material/AttachEmail';
import { useTranslate } from 'ra-core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { InvoiceType } from '../../../core/enums';
import { pdfFileWord } from '../../../core/jobs/sales/pdfNames';
import { useBrand } from '../../brand/BrandContext';
import { notify } from '../../notices/noticeStore';
import { saveBlob } from '../sheet/exportJobs';
import { useJobsProvider } from '../jobsProvider';

export interface SalesPdfMenuProps {
  jobId: number;
  jssId: number;
  sectionType: InvoiceType;
  /** The section's position (1-based), for the button's accessible name. */
  n: number;
  /** Saving a file; replaceable in tests. */
  save?: (blob: Blob, fileName: string) => void;
}

/** Quote and invoice always; the section's own type too when it is neither. */
export function pdfChoices(sectionType: InvoiceType): InvoiceType[] {
  return sectionType === 'QUOTE' || sectionType === 'INVOICE' ? ['QUOTE', 'INVOICE'] : ['QUOTE', 'INVOICE', sectionType];
}

export function SalesPdfMenu({ jobId, jssId, sectionType, n, save = saveBlob }: SalesPdfMenuProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesPdf.menu.${key}`, opts);
  const provider = useJobsProvider();
  const navigate = useNavigate();
  const mail = useBrand().features?.mail?.enabled === true;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const failed = () => notify('error', t('failed'));

  const download = useMutation({
    mutationFn: (type: InvoiceType) => provider.jobSalesPdf(jobId, jssId, type),
    onSuccess: (pdf) => (pdf ? save(pdf.blob, pdf.fileName) : failed()),
  });
  const attach = useMutation({
    mutationFn: async () => {
      const pdf = await provider.jobSalesPdf(jobId, jssId);
      if (!pdf) return null;
      // The subject reads like the document: its title and the number the file name carries.
      const number = pdf.fileName.replace(/\.pdf$/i, '').slice(pdfFileWord(sectionType).length + 1);
      const title = translate(`salesPdf.document.titles.${sectionType}`);
      return provider.salesPdfDraft(pdf, t('subject', { title, number }));
    },
    onSuccess: (draftId) => (draftId ? navigate(`/email/draft/${draftId}`) : failed()),
  });
  const busy = download.isPending || attach.isPending;
  // The http client has already shown why a call was refused.
  const run = (go: () => Promise<unknown>) => {
    setAnchor(null);
    void go().catch(() => undefined);
  };

  return (
    <>
      <Button
        id={buttonId}
        startIcon={<PictureAsPdfIcon />}
        aria-label={t('label', { n })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('working') : t('open')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {pdfChoices(sectionType).map((type) => (
          <MenuItem key={type} onClick={() => run(() => download.mutateAsync(type))}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(`as.${type}`)}</ListItemText>
          </MenuItem>
        ))}
        {mail && <Divider />}
        {mail && (
          <MenuItem onClick={() => run(() => attach.mutateAsync())}>
            <ListItemIcon>
              <AttachEmailIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('attach')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
