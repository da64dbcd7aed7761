/**
 * The engineer's own costs on a job: item, description, quantity and net price per row, saved
 * together; 'Your costs are locked!' and every input disabled while locked; a button that submits
 * and locks them.
 */
import { useState } from 'react';
import { Alert, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { formatMinor, lineTotalMinor } from '../../core/jobs/money';
import type { EngineerCosts, EngineerCostWrite } from '../../core/jobs/costs/types';
import { useMoneyFormat } from '../jobs/sales/formatMoney';

interface Row {
  key: string;
  jc_id?: number;
  jc_item: string;
  jc_desc_engineer: string;
  jc_qty_engineer: string;
  jc_net_price_engineer: string;
}

const FIELDS = [
  ['jc_item', 'salesCosts.costs.item'],
  ['jc_desc_engineer', 'salesCosts.costs.descEngineer'],
  ['jc_qty_engineer', 'salesCosts.costs.qtyOperator'],
  ['jc_net_price_engineer', 'salesCosts.costs.priceOperator'],
] as const;

let counter = 0;
const rowsOf = (c: EngineerCosts): Row[] =>
  c.rows.map((r) => ({
    key: `c-${r.jc_id}`,
    jc_id: r.jc_id,
    jc_item: r.jc_item ?? '',
    jc_desc_engineer: r.jc_desc_engineer ?? '',
    jc_qty_engineer: r.jc_qty_engineer ?? '',
    jc_net_price_engineer: r.jc_net_price_engineer ?? '',
  }));

function preview(r: Row): string {
  try {
    return formatMinor(lineTotalMinor(r.jc_qty_engineer || '0', r.jc_net_price_engineer || '0'));
  } catch {
    return '';
  }
}

export interface EngineerCostsEditorProps {
  costs: EngineerCosts;
  onSave: (rows: EngineerCostWrite[]) => void;
  onLock: () => void;
}

export function EngineerCostsEditor({ costs, onSave, onLock }: EngineerCostsEditorProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(key, opts);
  const money = useMoneyFormat(costs.currency);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(costs));
  const [removed, setRemoved] = useState<number[]>([]);
  // A fresh answer (save, lock) replaces the rows being edited: adjusted while rendering
  // (react.dev, "you might not need an effect").
  const [shown, setShown] = useState(costs);
  if (shown !== costs) {
    setShown(costs);
    setRows(rowsOf(costs));
    setRemoved([]);
  }
  const locked = costs.locked;
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const remove = (i: number) => {
    const r = rows[i];
    if (r.jc_id) setRemoved((ids) => [...ids, r.jc_id as number]);
    setRows((rs) => rs.filter((_, j) => j !== i));
  };
  const save = () => onSave([...rows.map(({ key: _key, ...r }) => r), ...removed.map((jc_id) => ({ jc_id, _delete: true }))]);

  return (
    <Stack spacing={2} component="section" aria-label={t('salesCosts.engineer.myCosts')}>
      <Typography variant="h6" component="h2">
        {t('salesCosts.engineer.myCosts')}
      </Typography>
      {locked && <Alert severity="warning">{t('salesCosts.errors.costsLocked')}</Alert>}
      <Table size="small">
        <TableHead>
          <TableRow>
            {FIELDS.map(([f, label]) => (
              <TableCell key={f}>{t(label)}</TableCell>
            ))}
            <TableCell align="right">{t('salesCosts.costs.netTotal')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={r.key}>
              {FIELDS.map(([f, label]) => (
                <TableCell key={f}>
                  <TextField
                    size="small"
                    variant="standard"
                    value={r[f]}
                    disabled={locked}
                    onChange={(e) => set(i, { [f]: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': t('salesCosts.sales.rowField', { field: t(label), n: i + 1 }) } }}
                  />
                </TableCell>
              ))}
              <TableCell align="right">{money(preview(r))}</TableCell>
              <TableCell>
                <IconButton size="small" disabled={locked} aria-label={t('salesCosts.sales.removeRow', { n: i + 1 })} onClick={() => remove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography aria-label={t('salesCosts.engineer.total')}>
        {t('salesCosts.engineer.total')}: <strong>{money(costs.total)}</strong>
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<AddIcon />}
          disabled={locked}
          onClick={() =>
            setRows((rs) => [...rs, { key: `n-${(counter += 1)}`, jc_item: '', jc_desc_engineer: '', jc_qty_engineer: '1', jc_net_price_engineer: '' }])
          }
        >
          {t('salesCosts.sales.addRow')}
        </Button>
        <Button variant="contained" disabled={locked} onClick={save}>
          {t('salesCosts.engineer.saveCosts')}
        </Button>
        <Button color="warning" variant="outlined" disabled={locked} onClick={onLock}>
          {t('salesCosts.engineer.lockCosts')}
        </Button>
      </Stack>
    </Stack>
  );
}
