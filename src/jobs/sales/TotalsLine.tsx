/** A labelled line of totals (net, tax, gross, cost, margin), each formatted in the brand currency. */
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { SalesTotals } from '../../../core/jobs/sales/types';

export function TotalsLine({
  label,
  totals,
  money,
  extra = [],
}: {
  label: string;
  totals: SalesTotals;
  money: (v: string) => string;
  extra?: { label: string; value: string }[];
}) {
  const translate = useTranslate();
  const parts = [
    { label: translate('salesCosts.sales.net'), value: totals.net },
    { label: translate('salesCosts.sales.tax'), value: totals.tax },
    { label: translate('salesCosts.sales.gross'), value: totals.gross },
    { label: translate('salesCosts.sales.cost'), value: totals.cost },
    { label: translate('salesCosts.sales.margin'), value: totals.margin },
    ...extra,
  ];
  return (
    <Box role="group" aria-label={label} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
        {parts.map((p) => (
          <Typography key={p.label} variant="body2" aria-label={`${label}: ${p.label}`}>
            {p.label}: <strong>{money(p.value)}</strong>
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}
