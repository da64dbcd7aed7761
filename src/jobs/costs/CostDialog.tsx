/**
 * Add or edit one cost row: a supplier or an engineer (exactly one), the operator's and the
 * engineer's description, quantity and net price, paid amount, material ETA, VAT, cost type and
 * material type. The net total shown is quantity × net price, computed exactly.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { TaxRateInput } from '../../accounting/TaxRateInput';
import { COST_TYPES, MATERIAL_TYPES } from '../../../core/enums';
import { formatMinor, lineTotalMinor, roundedMoneyText } from '../../../core/jobs/money';
import type { Option as PickOption } from '../sheet/options';
import { ReferencePicker } from '../../pickers/ReferencePicker';
import { REFERENCES } from '../../pickers/references';
import { DateField } from '../../dates/DateField';
import type { CostRow, CostWrite } from '../../../core/jobs/costs/types';

type Owner = 'supplier' | 'engineer';
type Text = Record<
  | 'jc_item'
  | 'jc_desc_operator'
  | 'jc_desc_engineer'
  | 'jc_qty_operator'
  | 'jc_qty_engineer'
  | 'jc_net_price_operator'
  | 'jc_net_price_engineer'
  | 'jc_paid_amount'
  | 'jc_material_eta'
  | 'jc_vat'
  | 'jc_cost_type'
  | 'jc_material_type',
  string
>;

const MONEY_FIELDS: readonly (keyof Text)[] = ['jc_net_price_operator', 'jc_net_price_engineer', 'jc_paid_amount'];

interface Draft extends Text {
  owner: Owner;
  ownerId: string;
}

function draftOf(row: CostRow | null, vat: string): Draft {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    owner: row?.us_id ? 'engineer' : 'supplier',
    ownerId: String(row?.us_id ?? row?.co_id ?? ''),
    jc_item: s(row?.jc_item),
    jc_desc_operator: s(row?.jc_desc_operator),
    jc_desc_engineer: s(row?.jc_desc_engineer),
    jc_qty_operator: row ? s(row.jc_qty_operator) : '1',
    jc_qty_engineer: s(row?.jc_qty_engineer),
    jc_net_price_operator: s(row?.jc_net_price_operator),
    jc_net_price_engineer: s(row?.jc_net_price_engineer),
    jc_paid_amount: s(row?.jc_paid_amount),
    jc_material_eta: s(row?.jc_material_eta).slice(0, 10),
    jc_vat: row ? s(row.jc_vat) : vat,
    jc_cost_type: s(row?.jc_cost_type),
    jc_material_type: s(row?.jc_material_type),
  };
}

function toWrite(d: Draft, row: CostRow | null): CostWrite {
  const { owner, ownerId, ...fields } = d;
  const id = ownerId ? Number(ownerId) : null;
  return { ...(row ? { jc_id: row.jc_id } : {}), ...fields, co_id: owner === 'supplier' ? id : null, us_id: owner === 'engineer' ? id : null };
}

function preview(qty: string, price: string): string {
  try {
    return formatMinor(lineTotalMinor(qty, price));
  } catch {
    return '';
  }
}

export interface CostDialogProps {
  open: boolean;
  row: CostRow | null;
  suppliers: PickOption[];
  engineers: PickOption[];
  money: (v: string) => string;
  /** Default VAT % of a new row. */
  vatRate: number;
  onClose: () => void;
  /** Resolves with field errors keyed by field name, or null when saved. */
  onSave: (row: CostWrite) => Promise<Record<string, string> | null>;
}

export function CostDialog({ open, row, suppliers, engineers, money, vatRate, onClose, onSave }: CostDialogProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`salesCosts.costs.${key}`);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, String(vatRate)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Opening (or a new row or rate while open) starts a fresh draft: adjusted while rendering, so
  // the last draft is never shown (react.dev, "you might not need an effect").
  const [shownFor, setShownFor] = useState({ open, row, vatRate });
  if (shownFor.open !== open || shownFor.row !== row || shownFor.vatRate !== vatRate) {
    setShownFor({ open, row, vatRate });
    if (open) {
      setDraft(draftOf(row, String(vatRate)));
      setErrors({});
    }
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // An amount typed with more than 2 decimals is said to be rounded before it is saved, not after.
  const roundingNote = (name: keyof Text) => {
    const rounded = MONEY_FIELDS.includes(name) ? roundedMoneyText(draft[name]) : null;
    return rounded ? translate('salesCosts.rounded', { amount: rounded }) : undefined;
  };
  const fieldProps = (name: keyof Text, label: string, extra: Record<string, unknown> = {}): TextFieldProps => ({
    size: 'small',
    label: t(label),
    value: draft[name],
    onChange: (e) => set({ [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name] ?? roundingNote(name),
    ...extra,
  });
  const field = (name: keyof Text, label: string, extra: Record<string, unknown> = {}) => <TextField {...fieldProps(name, label, extra)} />;
  const save = async () => {
    const result = await onSave(toWrite(draft, row));
    if (result) setErrors(Object.fromEntries(Object.entries(result).map(([k, v]) => [k === 'co_id' || k === 'us_id' ? 'ownerId' : k, v])));
  };
  const net = preview(draft.jc_qty_operator || draft.jc_qty_engineer, draft.jc_net_price_operator || draft.jc_net_price_engineer);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="cost-dialog-title">
      <DialogTitle id="cost-dialog-title">{row ? translate('salesCosts.costs.editRow', { n: row.jc_id }) : t('addRow')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label={t('owner')}
              value={draft.owner}
              onChange={(e) => set({ owner: e.target.value as Owner, ownerId: '' })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="supplier">{t('supplier')}</MenuItem>
              <MenuItem value="engineer">{t('engineer')}</MenuItem>
            </TextField>
            {draft.owner === 'supplier' ? (
              // Suppliers are searched on the server (a brand may hold thousands); the job's own are named at once.
              <ReferencePicker
                reference={REFERENCES.supplier}
                label={t('supplier')}
                known={suppliers}
                value={draft.ownerId ? Number(draft.ownerId) : null}
                onChange={(id) => set({ ownerId: id === null ? '' : String(id) })}
                error={!!errors.ownerId}
                helperText={errors.ownerId}
                minWidth={260}
              />
            ) : (
              <TextField
                select
                size="small"
                label={t(draft.owner)}
                value={draft.ownerId}
                onChange={(e) => set({ ownerId: e.target.value })}
                error={!!errors.ownerId}
                helperText={errors.ownerId}
                sx={{ minWidth: 260 }}
              >
                {engineers.map((o) => (
                  <MenuItem key={o.id} value={String(o.id)}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {field('jc_item', 'item')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('jc_desc_operator', 'descOperator', { multiline: true, fullWidth: true })}
            {field('jc_desc_engineer', 'descEngineer', { multiline: true, fullWidth: true })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('jc_qty_operator', 'qtyOperator')}
            {field('jc_net_price_operator', 'priceOperator')}
            {field('jc_qty_engineer', 'qtyEngineer')}
            {field('jc_net_price_engineer', 'priceEngineer')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('jc_paid_amount', 'paid')}
            <TaxRateInput
              value={draft.jc_vat}
              onChange={(rate) => set({ jc_vat: rate })}
              numeric={fieldProps('jc_vat', 'vat')}
              ariaLabel={t('vat')}
              label={t('vat')}
              error={!!errors.jc_vat}
              helperText={errors.jc_vat}
            />
            <DateField
              label={t('eta')}
              value={draft.jc_material_eta}
              onChange={(day) => set({ jc_material_eta: day })}
              error={!!errors.jc_material_eta}
              helperText={errors.jc_material_eta}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label={t('costType')}
              value={draft.jc_cost_type}
              onChange={(e) => set({ jc_cost_type: e.target.value })}
              error={!!errors.jc_cost_type}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('none')}</MenuItem>
              {COST_TYPES.map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`salesCosts.enums.cost_types.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('materialType')}
              value={draft.jc_material_type}
              onChange={(e) => set({ jc_material_type: e.target.value })}
              error={!!errors.jc_material_type}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('none')}</MenuItem>
              {MATERIAL_TYPES.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(`salesCosts.enums.material_types.${m}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography aria-label={t('netTotal')}>
            {t('netTotal')}: <strong>{money(net)}</strong>
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
