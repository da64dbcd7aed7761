/**
 * /xero/dashboard (Developer): how the brand's Xero tenant stands against its limits — what is left
 * this minute and today (our shared budget, and what Xero itself last said), the 429s met and any
 * block, the push queue, the calls per minute over the last hour and per day over the last week
 * against Xero's limits, and each pull's next page and progress. Read through the data provider
 * (xeroadmin/dashboard) and refreshed every 30 s by react-query.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import type { CallCount, XeroDashboard } from '../../core/accounting/dashboard';
import { useAuth } from '../auth/authStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formatWireDate } from '../resources/engine/dateText';
import { useAccountingProvider } from './accountingProvider';
import { CallsChart } from './CallsChart';

export const DASHBOARD_REFRESH_MS = 30_000;
export const DASHBOARD_KEY = ['xeroadmin', 'dashboard'];

const fromWire = (wire: string) => new Date(`${wire.replace(' ', 'T')}Z`);
const total = (rows: CallCount[], k: keyof CallCount) => rows.reduce((n, r) => n + r[k], 0);
const peakOf = (rows: CallCount[]) => Math.max(0, ...rows.map((r) => r.calls));

function Figure({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {children && (
          <Typography variant="body2" color="text.secondary">
            {children}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function XeroDashboardPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`accounting.dashboard.${key}`, opts);
  const [locale] = useLocaleState();
  const dateFormat = useAuth().user?.settings.dateFormat;
  const provider = useAccountingProvider();
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => provider.xeroDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const d: XeroDashboard | undefined = query.data;
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(locale);
  const n = (v: number) => number.format(v);

  return (
    <PageFrame title={title}>
      <Typography variant="body2" color="text.secondary">
        {t('refreshing')}
      </Typography>
      {query.isError && !d && <Alert severity="error">{t('loadFailed')}</Alert>}
      {d && (
        <>
          {d.status === 'connected' && d.organisation && <Typography>{t('organisation', { name: d.organisation })}</Typography>}
          {d.status !== 'connected' && (
            <Alert severity={d.status === 'reconnect_needed' ? 'error' : 'info'}>
              {t(d.status === 'reconnect_needed' ? 'reconnectNeeded' : 'notConnected')}{' '}
              <Link component={RouterLink} to="/xero">
                {t('connectionPage')}
              </Link>
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))' }}>
            <Figure label={t('minuteLeft')} value={n(d.budget.minuteRemaining)}>
              {t('budgetOf', { limit: n(d.limits.budgetPerMinute) })}
            </Figure>
            <Figure label={t('dayLeft')} value={n(d.budget.dayRemaining)}>
              {t('budgetOf', { limit: n(d.limits.budgetPerDay) })}
            </Figure>
            <Figure label={t('throttled')} value={n(total(d.perMinute, 'throttled'))}>
              {d.budget.blockedUntil ? t('blocked', { time: time.format(fromWire(d.budget.blockedUntil)) }) : t('notBlocked')}
              <br />
              {t('throttledWeek', { count: total(d.perDay, 'throttled') })}
            </Figure>
            <Figure label={t('queue')} value={n(d.queue.pending + d.queue.failed)}>
              {t('queueOf', { pending: n(d.queue.pending), failed: n(d.queue.failed) })}
              <br />
              {t('inFlight', { count: d.budget.inFlight, max: d.limits.concurrent })}
            </Figure>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {d.xeroRemaining.minute === null && d.xeroRemaining.day === null
              ? t('xeroUnknown')
              : t('xeroSays', { minute: n(d.xeroRemaining.minute ?? 0), day: n(d.xeroRemaining.day ?? 0) })}
          </Typography>
          <CallsChart
            title={t('perMinute')}
            labels={d.perMinute.map((m) => time.format(fromWire(m.at)))}
            counts={d.perMinute}
            limit={d.limits.perMinute}
            limitLabel={t('minuteLimit', { limit: d.limits.perMinute })}
            answeredLabel={t('answered')}
            throttledLabel={t('rateLimited')}
            summary={t('minuteSummary', {
              // count picks the plural; calls is the same number as the locale writes it.
              count: total(d.perMinute, 'calls'),
              calls: n(total(d.perMinute, 'calls')),
              throttled: total(d.perMinute, 'throttled'),
              peak: peakOf(d.perMinute),
              limit: d.limits.perMinute,
              now: d.perMinute.at(-1)?.calls ?? 0,
            })}
          />
          <CallsChart
            title={t('perDay')}
            labels={d.perDay.map((x) => day.format(fromWire(x.day)))}
            counts={d.perDay}
            limit={d.limits.perDay}
            limitLabel={t('dayLimit', { limit: n(d.limits.perDay) })}
            answeredLabel={t('answered')}
            throttledLabel={t('rateLimited')}
            summary={t('daySummary', {
              count: total(d.perDay, 'calls'),
              calls: n(total(d.perDay, 'calls')),
              throttled: total(d.perDay, 'throttled'),
              peak: n(peakOf(d.perDay)),
              limit: n(d.limits.perDay),
              today: n(d.perDay.at(-1)?.calls ?? 0),
            })}
          />
          <Card variant="outlined">
            <CardContent>
              <Typography id="xero-dashboard-resources" variant="h6" component="h2">
                {t('resources')}
              </Typography>
              {d.resources.length === 0 ? (
                <Typography>{t('noResources')}</Typography>
              ) : (
                // A wide table scrolls inside its box on phones; focusable so the keyboard scrolls it too.
                <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('resources')}>
                  <Table size="small" aria-labelledby="xero-dashboard-resources">
                    <TableHead>
                      <TableRow>
                        {['resource', 'nextPage', 'progress', 'lastRun', 'lastError'].map((k) => (
                          <TableCell key={k}>{t(k)}</TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {d.resources.map((r) => (
                        <TableRow key={r.resource}>
                          <TableCell>{r.resource}</TableCell>
                          <TableCell>{r.next_page === 0 ? t('off') : r.next_page}</TableCell>
                          <TableCell>{t('progressOf', { done: n(r.progress_done), total: n(r.progress_total) })}</TableCell>
                          <TableCell>{r.last_run_at ? formatWireDate(r.last_run_at, dateFormat) : t('never')}</TableCell>
                          <TableCell>{r.last_error ?? ''}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </PageFrame>
  );
}
