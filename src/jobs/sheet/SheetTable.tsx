/**
 * The sheet's dense table: clickable headers sort; each job's number is a real link (keyboard, open in
 * a new tab) and a click anywhere else on the row opens the job too; staff select rows for bulk
 * actions; a customer sees no money columns.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Checkbox, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { JobSorting } from '../../storage/clientStorage';
import type { JobListRow } from '../../../core/jobs/types';
import { isSortField } from './sheetState';
import { useDateText } from './useDateFormat';
import { useRowMoney } from './useRowMoney';

interface Column {
  key: string;
  label: string;
  sort?: string;
  cell: (r: JobListRow) => ReactNode;
  staffOnly?: boolean;
  align?: 'right';
  /** Short values that read badly when wrapped (numbers, dates, money). */
  nowrap?: boolean;
}

interface Props {
  rows: JobListRow[];
  sort: JobSorting;
  onSort: (field: string) => void;
  onOpen: (id: number) => void;
  staff: boolean;
  /** The selected jobs' ids; no selection column without it. */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: number[], on: boolean) => void;
}

export const jobPath = (id: number) => `/sheet/${id}/details`;

/** A click that the row's own controls (the link, the checkbox) answer themselves. */
const onControl = (e: MouseEvent) => !!(e.target as HTMLElement).closest('a, input, button, label');

export function SheetTable({ rows, sort, onSort, onOpen, staff, selected, onSelect }: Props) {
  const translate = useTranslate();
  const money = useRowMoney();
  const date = useDateText();
  const t = (k: string) => translate(`jobs.fields.${k}`);
  const all: Column[] = [
    {
      key: 'job_number',
      label: t('job_number'),
      sort: 'job_number',
      nowrap: true,
      cell: (r) => (
        <Link component={RouterLink} to={jobPath(r.job_id)}>
          {r.job_number ?? translate('jobs.item.draft')}
        </Link>
      ),
    },
    {
      key: 'job_status',
      label: t('job_status'),
      sort: 'job_status',
      cell: (r) => (r.job_status ? translate(`jobs.status.${r.job_status}`) : translate('jobs.sheet.noStatus')),
    },
    { key: 'client', label: t('client'), sort: 'co_name', cell: (r) => r.co_name },
    { key: 'site', label: t('site'), sort: 'js_address', cell: (r) => r.js_address },
    { key: 'pm', label: t('pm'), sort: 'pm_name', cell: (r) => r.pm_name },
    { key: 'department', label: t('department'), sort: 'de_name', cell: (r) => r.de_name },
    { key: 'job_start', label: t('job_start'), sort: 'job_start', nowrap: true, cell: (r) => date(r.job_start) },
    { key: 'job_end', label: t('job_end'), sort: 'job_end', nowrap: true, cell: (r) => date(r.job_end) },
    {
      key: 'tags',
      label: t('tags'),
      staffOnly: true,
      cell: (r) => (
        <Stack direction="row" spacing={0.5} flexWrap="wrap">
          {r.job_tags.map((tag) => (
            <Chip key={tag} size="small" label={translate(`jobs.tags.${tag}`)} />
          ))}
        </Stack>
      ),
    },
    { key: 'assigned', label: t('assigned'), staffOnly: true, cell: (r) => r.assigned.map((a) => a.fullname ?? `#${a.us_id}`).join(', ') },
    { key: 'net_quote', label: t('net_quote'), sort: 'net_quote', staffOnly: true, align: 'right', nowrap: true, cell: (r) => money(r.net_quote, r.currency) },
    { key: 'net_sales', label: t('net_sales'), sort: 'net_sales', staffOnly: true, align: 'right', nowrap: true, cell: (r) => money(r.net_sales, r.currency) },
  ];
  const columns = all.filter((c) => staff || !c.staffOnly);
  const selecting = !!(selected && onSelect);
  const pageIds = rows.map((r) => r.job_id);
  const pageSelected = pageIds.filter((id) => selected?.has(id)).length;

  return (
    <Table size="small" aria-label={translate('jobs.sheet.table')} sx={{ '& td, & th': { py: 0.5, px: 1 } }}>
      <TableHead>
        <TableRow>
          {selecting && (
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={pageIds.length > 0 && pageSelected === pageIds.length}
                indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                onChange={(e) => onSelect!(pageIds, e.target.checked)}
                slotProps={{ input: { 'aria-label': translate('jobDesk.selectPage') } }}
              />
            </TableCell>
          )}
          {columns.map((c) => (
            <TableCell key={c.key} align={c.align} sortDirection={sort.field === c.sort ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
              {c.sort && isSortField(c.sort) ? (
                <TableSortLabel
                  active={sort.field === c.sort}
                  direction={sort.field === c.sort && sort.order === 'DESC' ? 'desc' : 'asc'}
                  onClick={() => onSort(c.sort!)}
                >
                  {c.label}
                </TableSortLabel>
              ) : (
                c.label
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow
            key={r.job_id}
            hover
            selected={!!selected?.has(r.job_id)}
            sx={{ cursor: 'pointer' }}
            onClick={(e) => onControl(e) || onOpen(r.job_id)}
            data-testid={`job-row-${r.job_id}`}
          >
            {selecting && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={selected!.has(r.job_id)}
                  onChange={(e) => onSelect!([r.job_id], e.target.checked)}
                  slotProps={{ input: { 'aria-label': translate('jobDesk.select', { number: r.job_number ?? translate('jobs.item.draft') }) } }}
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                {c.cell(r)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
