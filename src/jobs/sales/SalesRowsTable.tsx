/**
 * The rows of one sales section, editable inline. The net amount shown beside each row is
 * qty × net unit sales computed exactly with core/jobs/money.ts; the server computes it again on save.
 */
import { IconButton, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, type TextFieldProps } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { formatMinor, lineTotalMinor, roundedMoneyText } from '../../../core/jobs/money';
import { ItemCodeInput, descriptionFor, priceFor } from '../../accounting/ItemCodeInput';
import { TaxRateInput } from '../../accounting/TaxRateInput';
import { SALES_KINDS, type SalesItem, type SalesItemWrite, type SalesKind } from '../../../core/jobs/sales/types';

export interface DraftRow {
  key: string;
  sales_kind: SalesKind;
  item_code: string;
  description: string;
  qty: string;
  net_unit_cost: string;
  net_unit_sales: string;
  tax_rate: string;
}

let nextKey = 0;
export const newRowKey = () => `new-${(nextKey += 1)}`;

export function draftFromItem(i: SalesItem): DraftRow {
  return {
    key: `s-${i.sales_id}`,
    sales_kind: i.sales_kind,
    item_code: i.item_code ?? '',
    description: i.description ?? '',
    qty: i.qty,
    net_unit_cost: i.net_unit_cost,
    net_unit_sales: i.net_unit_sales,
    tax_rate: i.tax_rate,
  };
}

/** A new row; its tax rate is the brand's default tax rate when it has one (src/accounting/taxChoice.ts), else 20. */
export function emptyRow(kind: SalesKind = 'quote', taxRate = '20'): DraftRow {
  return { key: newRowKey(), sales_kind: kind, item_code: '', description: '', qty: '1', net_unit_cost: '0', net_unit_sales: '0', tax_rate: taxRate };
}

export function itemWrite(r: DraftRow): SalesItemWrite {
  return {
    sales_kind: r.sales_kind,
    item_code: r.item_code,
    description: r.description,
    qty: r.qty,
    net_unit_cost: r.net_unit_cost,
    net_unit_sales: r.net_unit_sales,
    tax_rate: r.tax_rate,
  };
}

/** The row's net amount as exact text, or '' while the inputs are not numbers yet. */
export function previewNet(r: Pick<DraftRow, 'qty' | 'net_unit_sales'>): string {
  try {
    return formatMinor(lineTotalMinor(r.qty, r.net_unit_sales));
  } catch {
    return '';
  }
}

/** The rows with row i one place higher; the order is saved with the section. */
export function moveUp<T>(rows: readonly T[], i: number): T[] {
  if (i <= 0 || i >= rows.length) return [...rows];
  const out = [...rows];
  [out[i - 1], out[i]] = [out[i], out[i - 1]];
  return out;
}

type Field = Exclude<keyof DraftRow, 'key' | 'sales_kind'>;
const COLUMNS: { field: Field; label: string; numeric: boolean }[] = [
  { field: 'item_code', label: 'item', numeric: false },
  { field: 'description', label: 'description', numeric: false },
  { field: 'qty', label: 'qty', numeric: true },
  { field: 'net_unit_cost', label: 'netUnitCost', numeric: true },
  { field: 'net_unit_sales', label: 'netUnitSales', numeric: true },
  { field: 'tax_rate', label: 'taxRate', numeric: true },
];

export interface SalesRowsTableProps {
  rows: DraftRow[];
  readOnly: boolean;
  onChange: (rows: DraftRow[]) => void;
  money: (value: string) => string;
  /** Field errors of the last save, keyed 'items.<i>.<field>'. */
  errors?: Record<string, string>;
}

export function SalesRowsTable({ rows, readOnly, onChange, money, errors = {} }: SalesRowsTableProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesCosts.sales.${key}`, opts);
  const set = (i: number, patch: Partial<DraftRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const label = (key: string, i: number) => t('rowField', { field: t(key), n: i + 1 });
  // A price typed with more than 2 decimals is said to be rounded before it is saved, not after.
  const roundingNote = (field: string, typed: string) => {
    const rounded = field === 'net_unit_cost' || field === 'net_unit_sales' ? roundedMoneyText(typed) : null;
    return rounded ? translate('salesCosts.rounded', { amount: rounded }) : undefined;
  };
  return (
    <Table size="small" aria-label={t('sections')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('kind')}</TableCell>
          {COLUMNS.map((c) => (
            <TableCell key={c.field} align={c.numeric ? 'right' : 'left'}>
              {t(c.label)}
            </TableCell>
          ))}
          <TableCell align="right">{t('netAmount')}</TableCell>
          {!readOnly && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length + 3}>{t('noRows')}</TableCell>
          </TableRow>
        )}
        {rows.map((r, i) => (
          <TableRow key={r.key}>
            <TableCell>
              <TextField
                select
                size="small"
                variant="standard"
                value={r.sales_kind}
                disabled={readOnly}
                onChange={(e) => set(i, { sales_kind: e.target.value as SalesKind })}
                slotProps={{ select: { SelectDisplayProps: { 'aria-label': label('kind', i) } } }}
                error={!!errors[`items.${i}.sales_kind`]}
              >
                {SALES_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {translate(`salesCosts.enums.sales_kinds.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
            {COLUMNS.map((c) => {
              const input: TextFieldProps = {
                size: 'small',
                variant: 'standard',
                value: r[c.field],
                disabled: readOnly,
                onChange: (e) => set(i, { [c.field]: e.target.value }),
                error: !!errors[`items.${i}.${c.field}`],
                helperText: errors[`items.${i}.${c.field}`] ?? roundingNote(c.field, r[c.field]),
                multiline: c.field === 'description',
                slotProps: {
                  htmlInput: {
                    'aria-label': label(c.label, i),
                    inputMode: c.numeric ? 'decimal' : undefined,
                    style: c.numeric ? { textAlign: 'right', width: '6em' } : undefined,
                  },
                },
              };
              return (
                <TableCell key={c.field} align={c.numeric ? 'right' : 'left'}>
                  {c.field === 'tax_rate' ? (
                    <TaxRateInput
                      value={r.tax_rate}
                      onChange={(rate) => set(i, { tax_rate: rate })}
                      numeric={input}
                      ariaLabel={label(c.label, i)}
                      disabled={readOnly}
                      error={input.error}
                      helperText={errors[`items.${i}.tax_rate`]}
                      variant="standard"
                    />
                  ) : c.field === 'item_code' ? (
                    <ItemCodeInput
                      value={r.item_code}
                      onChange={(code) => set(i, { item_code: code })}
                      onPick={(item) =>
                        set(i, {
                          item_code: item.code,
                          description: descriptionFor(item, r.description),
                          net_unit_sales: priceFor(item, r.net_unit_sales),
                        })
                      }
                      plain={input}
                      ariaLabel={label(c.label, i)}
                      disabled={readOnly}
                      error={input.error}
                      helperText={errors[`items.${i}.item_code`]}
                    />
                  ) : (
                    <TextField {...input} />
                  )}
                </TableCell>
              );
            })}
            <TableCell align="right" aria-label={label('netAmount', i)}>
              {money(previewNet(r))}
            </TableCell>
            {!readOnly && (
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" disabled={i === 0} aria-label={t('moveUp', { n: i + 1 })} onClick={() => onChange(moveUp(rows, i))}>
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('removeRow', { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
