/**
 * One sales section as a card: its fields, its rows, its totals, and the actions (save, delete,
 * duplicate, PDF, send to Xero, drag handle). A final section is read-only and says so with
 * XE_SEC_FINAL's text, shows its Xero number as a link when it was sent, and can still be duplicated.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import { INVOICE_TYPES, type InvoiceType } from '../../../core/enums';
import { draftFromItem, emptyRow, itemWrite, SalesRowsTable, type DraftRow } from './SalesRowsTable';
import { TotalsLine } from './TotalsLine';
import { DateField } from '../../dates/DateField';
import { dateInputToWire } from '../../resources/engine/dateText';
import { XeroNumberLink } from './XeroSendMenu';
import { defaultRateText, useTaxRateChoices } from '../../accounting/taxChoice';
import type { SalesSection, SalesSectionWrite } from '../../../core/jobs/sales/types';

interface Draft {
  jss_title: string;
  jss_invoice_type: InvoiceType;
  jss_calc_with: string;
  jss_due_date: string;
  jss_expiry_days: string;
  jss_is_final: boolean;
  jss_costs_locked: boolean;
  rows: DraftRow[];
}

function draftOf(s: SalesSection): Draft {
  return {
    jss_title: s.jss_title ?? '',
    jss_invoice_type: s.jss_invoice_type,
    jss_calc_with: s.jss_calc_with ?? '',
    // The wire date is 'YYYY-MM-DD HH:mm:ss' UTC; the date input wants the day only.
    jss_due_date: s.jss_due_date ? s.jss_due_date.slice(0, 10) : '',
    jss_expiry_days: String(s.jss_expiry_days),
    jss_is_final: s.jss_is_final,
    jss_costs_locked: s.jss_costs_locked,
    rows: s.items.map(draftFromItem),
  };
}

export function sectionWrite(d: Draft): SalesSectionWrite {
  const expiry = Number(d.jss_expiry_days);
  return {
    jss_title: d.jss_title,
    jss_invoice_type: d.jss_invoice_type,
    jss_calc_with: d.jss_calc_with,
    jss_due_date: dateInputToWire(d.jss_due_date),
    // A non-number goes as typed so the server names the field.
    jss_expiry_days: Number.isInteger(expiry) && d.jss_expiry_days.trim() !== '' ? expiry : (d.jss_expiry_days as unknown as number),
    jss_is_final: d.jss_is_final,
    jss_costs_locked: d.jss_costs_locked,
    items: d.rows.map(itemWrite),
  };
}

export interface SalesSectionCardProps {
  section: SalesSection;
  index: number;
  money: (value: string) => string;
  onSave: (body: SalesSectionWrite) => Promise<Record<string, string> | null>;
  onDelete: () => void;
  onDuplicate: () => void;
  dragHandle?: ReactNode;
  /** The PDF menu (download, attach to a mail): shown on final sections too. */
  pdfMenu?: ReactNode;
  /** "Send to Xero" (only while the section is not final and the brand's accounting is connected). */
  xeroMenu?: ReactNode;
  busy?: boolean;
}

export function SalesSectionCard({ section, index, money, onSave, onDelete, onDuplicate, dragHandle, pdfMenu, xeroMenu, busy = false }: SalesSectionCardProps) {
  const translate = useTranslate();
  const taxChoices = useTaxRateChoices();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesCosts.sales.${key}`, opts);
  const [draft, setDraft] = useState<Draft>(() => draftOf(section));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A fresh answer from the server (save, reorder, duplicate) replaces the draft: adjusted while
  // rendering, so the stale draft is never shown (react.dev, "you might not need an effect").
  const [shown, setShown] = useState(section);
  if (shown !== section) {
    setShown(section);
    setDraft(draftOf(section));
    setErrors({});
  }
  const readOnly = section.jss_is_final;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const name = t('section', { n: index + 1 });
  const dateProps = (key: string, field: string) => ({
    label: t(key),
    disabled: readOnly,
    error: !!errors[field],
    helperText: errors[field],
  });
  const fieldProps = (key: string, field: string) => ({
    size: 'small' as const,
    label: t(key),
    disabled: readOnly,
    error: !!errors[field],
    helperText: errors[field],
  });

  const save = async () => setErrors((await onSave(sectionWrite(draft))) ?? {});

  return (
    <Card variant="outlined" component="section" aria-label={name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          {dragHandle}
          <Box component="h3" sx={{ m: 0, fontSize: '1.1rem', flexGrow: 1 }}>
            {name}
            {section.jss_title ? `: ${section.jss_title}` : ''}
          </Box>
          <XeroNumberLink section={section} />
          <Chip size="small" label={translate(`salesCosts.enums.invoice_types.${section.jss_invoice_type}`)} />
          {readOnly && <Chip size="small" color="warning" label={t('final')} />}
        </Stack>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('salesCosts.errors.sectionFinal')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, mb: 2, alignItems: 'center' }}>
          <TextField
            select
            {...fieldProps('type', 'jss_invoice_type')}
            value={draft.jss_invoice_type}
            onChange={(e) => set({ jss_invoice_type: e.target.value as InvoiceType })}
          >
            {INVOICE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {translate(`salesCosts.enums.invoice_types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...fieldProps('title', 'jss_title')} value={draft.jss_title} onChange={(e) => set({ jss_title: e.target.value })} />
          <TextField {...fieldProps('calcWith', 'jss_calc_with')} value={draft.jss_calc_with} onChange={(e) => set({ jss_calc_with: e.target.value })} />
          <DateField {...dateProps('dueDate', 'jss_due_date')} width={200} value={draft.jss_due_date} onChange={(day) => set({ jss_due_date: day })} />
          <TextField
            {...fieldProps('expiryDays', 'jss_expiry_days')}
            value={draft.jss_expiry_days}
            onChange={(e) => set({ jss_expiry_days: e.target.value })}
          />
          <FormControlLabel
            control={<Switch checked={draft.jss_is_final} disabled={readOnly} onChange={(e) => set({ jss_is_final: e.target.checked })} />}
            label={t('markFinal')}
          />
          <FormControlLabel
            control={<Switch checked={draft.jss_costs_locked} disabled={readOnly} onChange={(e) => set({ jss_costs_locked: e.target.checked })} />}
            label={t('costsLocked')}
          />
        </Box>
        <SalesRowsTable rows={draft.rows} readOnly={readOnly} onChange={(rows) => set({ rows })} money={money} errors={errors} />
        {!readOnly && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => set({ rows: [...draft.rows, emptyRow('quote', defaultRateText(taxChoices, '20'))] })}
            sx={{ mt: 1 }}
          >
            {t('addRow')}
          </Button>
        )}
        <TotalsLine label={t('sectionTotals')} totals={section.totals} money={money} />
      </CardContent>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!readOnly && (
          <>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              {t('save')}
            </Button>
            <Button color="error" onClick={onDelete} disabled={busy}>
              {t('deleteSection')}
            </Button>
          </>
        )}
        <Button onClick={onDuplicate} disabled={busy}>
          {t('duplicate')}
        </Button>
        {pdfMenu}
        {!readOnly && xeroMenu}
      </CardActions>
    </Card>
  );
}
