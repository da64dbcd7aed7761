/**
 * '/' for office staff (issue 28): what needs doing this morning, from GET jobs/home. Each figure
 * is a link to the job sheet filtered to the jobs behind it (the figure's filter in the sheet's
 * URL); the charts show the same numbers, and clicking a bar follows the same link.
 */
import { Alert, Box, Button, LinearProgress, List, ListItem, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { REPORT_WINDOW_DAYS, type HomeFigures } from '../../../core/jobs/home/figures';
import { useJobsProvider } from '../jobsProvider';
import { useMoneyFormat } from '../sales/formatMoney';
import { sheetHref } from '../sheet/sheetState';
import { FigureCard } from './FigureCard';
import { FigureLink } from './FigureLink';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } };

function WorkFigures({ figures }: { figures: HomeFigures }) {
  const translate = useTranslate();
  const money = useMoneyFormat(figures.currency);
  const jobs = (count: number) => translate('jobHome.jobs', { count, smart_count: count });
  const rows = [
    { key: 'unbooked', figure: figures.unbooked, extra: '' },
    { key: 'overdue', figure: figures.overdue, extra: '' },
    { key: 'quotesAwaiting', figure: figures.quotesAwaiting, extra: translate('jobHome.worth', { value: money(figures.quotesAwaiting.value) }) },
    { key: 'unbilled', figure: figures.unbilled, extra: translate('jobHome.worth', { value: money(figures.unbilled.value) }) },
  ];
  return (
    <FigureCard title={translate('jobHome.work')}>
      <List dense disablePadding>
        {rows.map(({ key, figure, extra }) => (
          <ListItem key={key} disableGutters sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography component="span">{translate(`jobHome.${key}`)}</Typography>
            <span>
              <FigureLink link={figure.link} testId={`home-${key}`}>
                {jobs(figure.count)}
              </FigureLink>
              {extra && (
                <Typography component="span" color="text.secondary">
                  {` · ${extra}`}
                </Typography>
              )}
            </span>
          </ListItem>
        ))}
      </List>
    </FigureCard>
  );
}

function StatusChart({ figures }: { figures: HomeFigures }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const theme = useTheme();
  const total = figures.byStatus.reduce((n, s) => n + s.count, 0);
  const chart = (
    <BarChart
      height={240}
      skipAnimation
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: figures.byStatus.map((s) => translate(`jobs.status.${s.status}`)), width: 96 }]}
      series={[{ data: figures.byStatus.map((s) => s.count), label: translate('jobHome.byStatus'), color: theme.palette.primary.main }]}
      hideLegend
      onItemClick={(_, item) => navigate(sheetHref(figures.byStatus[item.dataIndex].link))}
      margin={{ left: 4, right: 12 }}
    />
  );
  return (
    <FigureCard title={translate('jobHome.byStatus')} chart={chart}>
      <Typography variant="body2" color="text.secondary">
        {translate('jobHome.byStatusSummary', { count: total, smart_count: total })}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
        {figures.byStatus.map((s) => (
          <li key={s.status}>
            <FigureLink link={s.link} testId={`home-status-${s.status}`}>
              {`${translate(`jobs.status.${s.status}`)}: ${s.count}`}
            </FigureLink>
          </li>
        ))}
      </Box>
    </FigureCard>
  );
}

function NotReported({ figures }: { figures: HomeFigures }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const theme = useTheme();
  const rows = figures.notReported;
  const chart = rows.length ? (
    <BarChart
      height={Math.max(120, 40 * rows.length + 40)}
      skipAnimation
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: rows.map((r) => r.fullname ?? `#${r.us_id}`), width: 110 }]}
      series={[{ data: rows.map((r) => r.missing), label: translate('jobHome.notReported'), color: theme.palette.warning.main }]}
      hideLegend
      onItemClick={(_, item) => navigate(sheetHref(rows[item.dataIndex].link))}
      margin={{ left: 4, right: 12 }}
    />
  ) : undefined;
  return (
    <FigureCard title={translate('jobHome.notReported')} chart={chart}>
      <Typography variant="body2" color="text.secondary">
        {rows.length
          ? translate('jobHome.notReportedHint', { count: REPORT_WINDOW_DAYS, smart_count: REPORT_WINDOW_DAYS })
          : translate('jobHome.everyoneReported')}
      </Typography>
      <List dense disablePadding>
        {rows.map((r) => (
          <ListItem key={r.us_id} disableGutters>
            <FigureLink link={r.link} testId={`home-engineer-${r.us_id}`}>
              {translate('jobHome.missing', { name: r.fullname ?? `#${r.us_id}`, count: r.missing, smart_count: r.missing })}
            </FigureLink>
          </ListItem>
        ))}
      </List>
    </FigureCard>
  );
}

function MarginChart({ figures }: { figures: HomeFigures }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const theme = useTheme();
  const money = useMoneyFormat(figures.currency);
  const rows = figures.marginByDepartment;
  const name = (r: (typeof rows)[number]) => r.de_name ?? `#${r.de_id}`;
  const chart = rows.length ? (
    <BarChart
      height={260}
      skipAnimation
      xAxis={[{ scaleType: 'band', data: rows.map(name) }]}
      yAxis={[{ width: 64 }]}
      series={[
        { data: rows.map((r) => Number(r.sales)), label: translate('jobHome.sales'), color: theme.palette.primary.main },
        { data: rows.map((r) => Number(r.costs)), label: translate('jobHome.costs'), color: theme.palette.warning.main },
        { data: rows.map((r) => Number(r.margin)), label: translate('jobHome.marginSeries'), color: theme.palette.success.main },
      ]}
      onItemClick={(_, item) => navigate(sheetHref(rows[item.dataIndex].link))}
      margin={{ left: 4, right: 8 }}
    />
  ) : undefined;
  return (
    <FigureCard title={translate('jobHome.margin', { from: figures.month.from, to: figures.month.to })} chart={chart}>
      {!rows.length && <Typography color="text.secondary">{translate('jobHome.noMargin')}</Typography>}
      <List dense disablePadding>
        {rows.map((r) => (
          <ListItem key={r.de_id} disableGutters>
            <FigureLink link={r.link} testId={`home-department-${r.de_id}`}>
              {translate('jobHome.departmentLine', {
                name: name(r),
                count: r.count,
                smart_count: r.count,
                sales: money(r.sales),
                costs: money(r.costs),
                margin: money(r.margin),
              })}
            </FigureLink>
          </ListItem>
        ))}
      </List>
    </FigureCard>
  );
}

export function OfficeHome() {
  const translate = useTranslate();
  const provider = useJobsProvider();
  const { data, isPending, isError } = useQuery({ queryKey: ['jobs', 'home'], queryFn: ({ signal }) => provider.jobHome(signal) });
  if (isPending) return <LinearProgress aria-label={translate('jobHome.loading')} />;
  if (isError || !data) return <Alert severity="error">{translate('jobHome.loadFailed')}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to="/sheet" variant="outlined">
          {translate('jobHome.openSheet')}
        </Button>
      </Box>
      <Box sx={grid}>
        <WorkFigures figures={data} />
        <StatusChart figures={data} />
        <NotReported figures={data} />
        <MarginChart figures={data} />
      </Box>
    </Box>
  );
}
