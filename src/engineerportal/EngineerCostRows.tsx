/**
 * The rows of "My costs": a table on a wide screen, one card per row at phone width. Rows the office
 * entered come first, with the office's text and figures, disabled and marked "Entered by the
 * office"; the engineer's own rows follow, editable unless the costs are locked.
 */
import { Card, CardContent, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';

export interface CostRowView {
  key: string;
  jc_id?: number;
  /** Entered by the office: shown, never edited or sent. */
  office: boolean;
  jc_item: string;
  jc_desc_engineer: string;
  jc_qty_engineer: string;
  jc_net_price_engineer: string;
  /** The row's net total, already formatted as money. */
  total: string;
}

export type CostField = 'jc_item' | 'jc_desc_engineer' | 'jc_qty_engineer' | 'jc_net_price_engineer';

export const COST_FIELDS: readonly (readonly [CostField, string])[] = [
  ['jc_item', 'salesCosts.costs.item'],
  ['jc_desc_engineer', 'salesCosts.costs.descEngineer'],
  ['jc_qty_engineer', 'salesCosts.costs.qtyOperator'],
  ['jc_net_price_engineer', 'salesCosts.costs.priceOperator'],
];

export interface EngineerCostRowsProps {
  rows: CostRowView[];
  locked: boolean;
  phone: boolean;
  /** `i` is the row's place in `rows`. */
  onChange: (i: number, field: CostField, value: string) => void;
  onRemove: (i: number) => void;
}

export function EngineerCostRows({ rows, locked, phone, onChange, onRemove }: EngineerCostRowsProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(key, opts);
  const field = (r: CostRowView, i: number, f: CostField, label: string, fullWidth = false) => (
    <TextField
      key={f}
      size="small"
      variant="standard"
      value={r[f]}
      disabled={locked || r.office}
      fullWidth={fullWidth}
      label={fullWidth ? t(label) : undefined}
      onChange={(e) => onChange(i, f, e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': t('salesCosts.sales.rowField', { field: t(label), n: i + 1 }) } }}
    />
  );
  const office = <Chip size="small" label={t('engineerPortal.costs.byOffice')} title={t('engineerPortal.costs.byOfficeHint')} />;
  const remove = (r: CostRowView, i: number) =>
    r.office ? null : (
      <IconButton size="small" disabled={locked} aria-label={t('salesCosts.sales.removeRow', { n: i + 1 })} onClick={() => onRemove(i)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    );
  const totalLabel = t('salesCosts.costs.netTotal');

  if (phone)
    return (
      <Stack spacing={1}>
        {rows.map((r, i) => (
          <Card key={r.key} variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack spacing={1}>
                {r.office && office}
                {COST_FIELDS.map(([f, label]) => field(r, i, f, label, true))}
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="body2">
                    {totalLabel}: <strong>{r.total}</strong>
                  </Typography>
                  {remove(r, i)}
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {COST_FIELDS.map(([f, label]) => (
            <TableCell key={f}>{t(label)}</TableCell>
          ))}
          <TableCell align="right">{totalLabel}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={r.key}>
            {COST_FIELDS.map(([f, label]) => (
              <TableCell key={f}>{field(r, i, f, label)}</TableCell>
            ))}
            <TableCell align="right">{r.total}</TableCell>
            <TableCell>{r.office ? office : remove(r, i)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
