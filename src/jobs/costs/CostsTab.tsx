/**
 * The Costs tab of a job (SPEC.md point 3, job cost): rows per supplier or engineer with both
 * descriptions, quantity, net price, net total, paid amount, ETA, VAT, cost type and material
 * type; add, edit and delete through the one `_bulk` call; a lock switch per engineer; totals.
 */
import { useState } from 'react';
import { Box, Button, FormControlLabel, IconButton, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../dataProvider/ApiError';
import { useMoneyFormat } from '../sales/formatMoney';
import { defaultRateText, useTaxRateChoices } from '../../accounting/taxChoice';
import { CostDialog } from './CostDialog';
import { useJobsProvider } from '../jobsProvider';
import type { Option as PickOption } from '../sheet/options';
import type { CostRow, CostWrite, JobCosts } from '../../../core/jobs/costs/types';

const HEADERS = [
  'owner',
  'item',
  'descOperator',
  'descEngineer',
  'qtyOperator',
  'priceOperator',
  'netTotal',
  'paid',
  'eta',
  'vat',
  'costType',
  'materialType',
  'locked',
];

/** Field errors of a one-row `_bulk` call, without the `_bulk.0.` prefix. */
function rowErrors(err: unknown, translate: (k: string) => string): Record<string, string> {
  const fields = err instanceof ApiError ? ((err.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^_bulk\.\d+\./, ''), translate(v)]));
}

/** The query of one job's costs; its changes set it from their answers. */
export const costsKey = (jobId: number) => ['jobs', jobId, 'costs'] as const;

function mergeOptions(a: PickOption[], b: PickOption[]): PickOption[] {
  const seen = new Map<number, PickOption>();
  for (const o of [...a, ...b]) if (!seen.has(o.id)) seen.set(o.id, o);
  return [...seen.values()];
}

export function CostsTab({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesCosts.costs.${key}`, opts);
  const [editing, setEditing] = useState<CostRow | null | 'new'>(null);
  const taxChoices = useTaxRateChoices();
  const provider = useJobsProvider();
  const queryClient = useQueryClient();
  const key = costsKey(jobId);
  const { data: costs } = useQuery({ queryKey: key, queryFn: ({ signal }) => provider.jobCosts(jobId, signal) });
  // The brand's engineers (few; a refused list, quiet, leaves the job's own); suppliers are searched by the dialog's picker.
  const { data: pickEngineers = [] } = useQuery({ queryKey: ['costs', 'engineers'], queryFn: ({ signal }) => provider.costEngineers(signal) });
  const money = useMoneyFormat(costs?.currency ?? 'GBP');
  // Every change answers the job's costs as they are afterwards: that answer is the tab's data.
  const { mutateAsync } = useMutation({
    mutationFn: (call: () => Promise<JobCosts | null>) => call(),
    onSuccess: (next) => {
      if (next) queryClient.setQueryData(key, next);
    },
  });

  const saveRow = async (row: CostWrite) => {
    try {
      await mutateAsync(() => provider.jobCostsBulk(jobId, [row]));
      setEditing(null);
      return null;
    } catch (err) {
      return rowErrors(err, translate);
    }
  };
  // The http client has shown a refusal; the table keeps the stored rows.
  const remove = (row: CostRow) => void mutateAsync(() => provider.jobCostsBulk(jobId, [{ jc_id: row.jc_id, _delete: true }])).catch(() => undefined);
  const setLock = (usId: number, locked: boolean) => void mutateAsync(() => provider.jobEngineerLock(jobId, usId, locked)).catch(() => undefined);

  if (!costs) return null;
  const suppliers = costs.suppliers.map((s) => ({ id: s.co_id, name: s.co_name ?? String(s.co_id) }));
  const engineers = mergeOptions(
    costs.engineers.map((e) => ({ id: e.us_id, name: e.fullname ?? String(e.us_id) })),
    pickEngineers,
  );
  const none = t('none');
  const enumText = (set: string, v: string | null) => (v ? translate(`salesCosts.enums.${set}.${v}`) : none);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('addRow')}
        </Button>
      </Stack>
      {costs.engineers.length > 0 && (
        <Box role="group" aria-label={t('engineerLocks')}>
          <Typography variant="subtitle2">{t('engineerLocks')}</Typography>
          {costs.engineers.map((e) => (
            <FormControlLabel
              key={e.us_id}
              control={<Switch checked={e.locked} onChange={(ev) => setLock(e.us_id, ev.target.checked)} />}
              label={t('lockEngineer', { name: e.fullname ?? e.us_id })}
            />
          ))}
        </Box>
      )}
      {/* A wide table scrolls sideways on a phone: focusable so the keyboard can scroll it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('title')}>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              {HEADERS.map((h) => (
                <TableCell key={h}>{t(h)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {costs.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={HEADERS.length + 1}>{t('empty')}</TableCell>
              </TableRow>
            )}
            {costs.rows.map((r) => (
              <TableRow key={r.jc_id}>
                <TableCell>{r.supplier_name ?? r.engineer_name ?? none}</TableCell>
                <TableCell>{r.jc_item ?? none}</TableCell>
                <TableCell>{r.jc_desc_operator ?? none}</TableCell>
                <TableCell>{r.jc_desc_engineer ?? none}</TableCell>
                <TableCell align="right">{r.jc_qty_operator ?? r.jc_qty_engineer ?? none}</TableCell>
                <TableCell align="right">{money(r.jc_net_price_operator ?? r.jc_net_price_engineer ?? '')}</TableCell>
                <TableCell align="right">{money(r.jc_net_total)}</TableCell>
                <TableCell align="right">{r.jc_paid_amount === null ? none : money(r.jc_paid_amount)}</TableCell>
                <TableCell>{r.jc_material_eta ? r.jc_material_eta.slice(0, 10) : none}</TableCell>
                <TableCell align="right">{r.jc_vat === null ? none : `${r.jc_vat}%`}</TableCell>
                <TableCell>{enumText('cost_types', r.jc_cost_type)}</TableCell>
                <TableCell>{enumText('material_types', r.jc_material_type)}</TableCell>
                <TableCell>{r.jc_locked ? <LockIcon fontSize="small" aria-label={t('locked')} /> : null}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={t('editRow', { n: r.jc_id })} onClick={() => setEditing(r)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('deleteRow', { n: r.jc_id })} onClick={() => remove(r)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box role="group" aria-label={t('totals')}>
        <Typography variant="subtitle2">{t('totals')}</Typography>
        <Stack direction="row" spacing={3}>
          {(
            [
              ['netTotal', costs.totals.net],
              ['vatAmount', costs.totals.vat],
              ['gross', costs.totals.gross],
              ['paid', costs.totals.paid],
              ['netQuote', costs.net_quote],
              ['netSales', costs.net_sales],
            ] as const
          ).map(([k, v]) => (
            <Typography key={k} variant="body2" aria-label={`${t('totals')}: ${t(k)}`}>
              {t(k)}: <strong>{money(v)}</strong>
            </Typography>
          ))}
        </Stack>
      </Box>
      <CostDialog
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        suppliers={suppliers}
        engineers={engineers}
        money={money}
        vatRate={Number(defaultRateText(taxChoices, String(costs.vat_rate)))}
        onClose={() => setEditing(null)}
        onSave={saveRow}
      />
    </Stack>
  );
}
