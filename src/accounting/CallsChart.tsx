/**
 * One of the dashboard's charts: calls per minute or per day as stacked bars (answered, and the
 * 429s in the error colour) against Xero's limit drawn as a reference line. The chart sizes itself
 * to its container (390 px phones included). For screen readers it is a figure named by its heading
 * and described by the text summary printed under it, which also says the numbers to everyone.
 */
import { useId } from 'react';
import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import type { CallCount } from '../../core/accounting/dashboard';

export interface CallsChartProps {
  title: string;
  /** The text summary (numbers, busiest, current). */
  summary: string;
  labels: string[];
  counts: CallCount[];
  limit: number;
  limitLabel: string;
  answeredLabel: string;
  throttledLabel: string;
}

export function CallsChart({ title, summary, labels, counts, limit, limitLabel, answeredLabel, throttledLabel }: CallsChartProps) {
  const theme = useTheme();
  const id = useId();
  const peak = Math.max(0, ...counts.map((c) => c.calls));
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        <Box role="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} sx={{ width: '100%', minWidth: 0 }}>
          <BarChart
            height={240}
            skipAnimation
            hideLegend={false}
            xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
            // The limit line stays in view even on a quiet day.
            yAxis={[{ min: 0, max: Math.ceil(Math.max(limit * 1.1, peak)), width: 48 }]}
            series={[
              { data: counts.map((c) => c.calls - c.throttled), label: answeredLabel, stack: 'calls', color: theme.palette.primary.main },
              { data: counts.map((c) => c.throttled), label: throttledLabel, stack: 'calls', color: theme.palette.error.main },
            ]}
            margin={{ left: 4, right: 8 }}
          >
            <ChartsReferenceLine y={limit} label={limitLabel} labelAlign="start" lineStyle={{ stroke: theme.palette.warning.main, strokeDasharray: '6 4' }} />
          </BarChart>
        </Box>
        <Typography id={`${id}-summary`} variant="body2" color="text.secondary">
          {summary}
        </Typography>
      </CardContent>
    </Card>
  );
}
