/**
 * The engineer's costs on a job: the rows the office entered for them (read-only, with the office's
 * text and figures), then their own rows (item, description, quantity and net price, saved
 * together); 'Your costs are locked!' and every input disabled while locked; a button that submits
 * and locks them. Cards instead of a table at phone width (EngineerCostRows.tsx).
 */
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import { formatMinor, lineTotalMinor } from '../../core/jobs/money';
import type { EngineerCostRow, EngineerCosts, EngineerCostWrite } from '../../core/jobs/costs/types';
import { useMoneyFormat } from '../jobs/sales/formatMoney';
import { EngineerCostRows, type CostField, type CostRowView } from './EngineerCostRows';
import { usePhoneWidth } from './usePhoneWidth';

interface Row {
  key: string;
  jc_id?: number;
  jc_item: string;
  jc_desc_engineer: string;
  jc_qty_engineer: string;
  jc_net_price_engineer: string;
}

let counter = 0;
const own = (c: EngineerCosts) => c.rows.filter((r) => !r.entered_by_office);
const rowsOf = (c: EngineerCosts): Row[] =>
  own(c).map((r) => ({
    key: `c-${r.jc_id}`,
    jc_id: r.jc_id,
    jc_item: r.jc_item ?? '',
    jc_desc_engineer: r.jc_desc_engineer ?? '',
    jc_qty_engineer: r.jc_qty_engineer ?? '',
    jc_net_price_engineer: r.jc_net_price_engineer ?? '',
  }));

/** An office row shown in the engineer's fields: the office's text and figures, else the engineer's. */
const officeView = (r: EngineerCostRow, money: (v: string) => string): CostRowView => ({
  key: `o-${r.jc_id}`,
  jc_id: r.jc_id,
  office: true,
  jc_item: r.jc_item ?? '',
  jc_desc_engineer: r.jc_desc_operator ?? r.jc_desc_engineer ?? '',
  jc_qty_engineer: r.jc_qty_operator ?? r.jc_qty_engineer ?? '',
  jc_net_price_engineer: r.jc_net_price_operator ?? r.jc_net_price_engineer ?? '',
  total: money(r.jc_net_total),
});

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
  const phone = usePhoneWidth();
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
  const officeRows = costs.rows.filter((r) => r.entered_by_office).map((r) => officeView(r, money));
  const views: CostRowView[] = [...officeRows, ...rows.map((r) => ({ ...r, office: false, total: money(preview(r)) }))];
  // Places in `views` past the office rows are the engineer's own rows.
  const ownIndex = (i: number) => i - officeRows.length;
  const set = (i: number, f: CostField, value: string) => setRows((rs) => rs.map((r, j) => (j === ownIndex(i) ? { ...r, [f]: value } : r)));
  const remove = (i: number) => {
    const r = rows[ownIndex(i)];
    if (r.jc_id) setRemoved((ids) => [...ids, r.jc_id as number]);
    setRows((rs) => rs.filter((_, j) => j !== ownIndex(i)));
  };
  const save = () => onSave([...rows.map(({ key: _key, ...r }) => r), ...removed.map((jc_id) => ({ jc_id, _delete: true }))]);

  return (
    <Stack spacing={2} component="section" aria-label={t('salesCosts.engineer.myCosts')}>
      <Typography variant="h6" component="h2">
        {t('salesCosts.engineer.myCosts')}
      </Typography>
      {locked && <Alert severity="warning">{t('salesCosts.errors.costsLocked')}</Alert>}
      <EngineerCostRows rows={views} locked={locked} phone={phone} onChange={set} onRemove={remove} />
      <Typography aria-label={t('salesCosts.engineer.total')}>
        {t('salesCosts.engineer.total')}: <strong>{money(costs.total)}</strong>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
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
