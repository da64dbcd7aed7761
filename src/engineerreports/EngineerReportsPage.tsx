/** /engineer-reports: the engineers' reports, newest first, 20 a page, removable in bulk. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useDateText } from '../jobs/sheet/useDateFormat';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useSelection } from '../notifications/useSelection';
import { useEngineerReportsProvider } from './engineerReportsProvider';

const PAGE_SIZE = 20;

export function EngineerReportsPage({ title }: PageProps) {
  const translate = useTranslate();
  const date = useDateText();
  const provider = useEngineerReportsProvider();
  const [page, setPage] = useState(1);
  const { selected, toggle, toggleAll, clear } = useSelection();
  const { data, refetch } = useQuery({
    queryKey: ['engineerreports', page],
    queryFn: ({ signal }) => provider.engineerReports(page, PAGE_SIZE, signal),
    // Another page replaces the shown one when it arrives, as a table does.
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;

  async function removeSelected() {
    if (!(await provider.removeEngineerReports(selected))) return;
    clear();
    void refetch();
  }

  const pageIds = rows.map((r) => r.er_id);
  const f = (k: string) => translate(`engineerReports.fields.${k}`);
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button color="error" variant="outlined" disabled={!selected.length} onClick={() => void removeSelected()}>
          {translate('engineerReports.removeSelected', { count: selected.length })}
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography>{translate('engineerReports.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('engineerReports.table')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={pageIds.every((id) => selected.includes(id))}
                  onChange={() => toggleAll(pageIds)}
                  slotProps={{ input: { 'aria-label': translate('engineerReports.selectAll') } }}
                />
              </TableCell>
              <TableCell>{f('job')}</TableCell>
              <TableCell>{f('engineer')}</TableCell>
              <TableCell>{f('text')}</TableCell>
              <TableCell align="right">{f('hours')}</TableCell>
              <TableCell>{f('when')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.er_id} hover selected={selected.includes(r.er_id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(r.er_id)}
                    onChange={() => toggle(r.er_id)}
                    slotProps={{ input: { 'aria-label': translate('engineerReports.select', { id: r.er_id }) } }}
                  />
                </TableCell>
                <TableCell>
                  <Link to={`/sheet/${r.job_id}/details`}>{r.job_number ?? translate('jobs.item.draft')}</Link>
                </TableCell>
                <TableCell>{r.engineer_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{r.er_text}</TableCell>
                <TableCell align="right">{r.er_hours}</TableCell>
                <TableCell>{date(r.created_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination count={Math.max(1, Math.ceil(total / PAGE_SIZE))} page={page} onChange={(_, p) => setPage(p)} size="small" />
    </PageFrame>
  );
}
