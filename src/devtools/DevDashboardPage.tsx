/** /dev/dashboard: every brand's schema version, size, sessions, errors, queue and sync at a glance. */
import { useQuery } from '@tanstack/react-query';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useDevtoolsProvider } from './devtoolsProvider';

export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit ? 1 : 0)} ${units[unit]}`;
}

export function DevDashboardPage({ title }: PageProps) {
  const translate = useTranslate();
  const provider = useDevtoolsProvider();
  const { data: rows = [] } = useQuery({ queryKey: ['dev', 'dashboard'], queryFn: ({ signal }) => provider.devDashboard(signal) });
  const t = (key: string) => translate(`devTools.dashboard.${key}`);
  const none = t('none');
  return (
    <PageFrame title={title}>
      {/* Ten columns scroll inside the page on a phone instead of widening it. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {['brand', 'domain', 'schema', 'version', 'pending', 'size', 'sessions', 'errors', 'queue', 'sync'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.s_id}>
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.domain ?? none}</TableCell>
                <TableCell>{r.schema ?? none}</TableCell>
                <TableCell>{r.schemaVersion ?? none}</TableCell>
                <TableCell>
                  <Chip size="small" label={r.pendingMigrations} color={r.pendingMigrations ? 'warning' : 'success'} />
                </TableCell>
                <TableCell>{formatBytes(r.sizeBytes)}</TableCell>
                <TableCell>{r.sessions}</TableCell>
                <TableCell>
                  <Chip size="small" label={r.errors24h} color={r.errors24h ? 'error' : 'success'} />
                </TableCell>
                <TableCell>{r.queue == null ? none : String(r.queue)}</TableCell>
                <TableCell>{r.sync == null ? none : String(r.sync)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </PageFrame>
  );
}
