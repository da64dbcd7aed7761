/** Small pieces the portal's screens share: a titled section, a read-only value, the status chip, the appointment text. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import type { JobStatus } from '../../core/enums';
import { useAuth } from '../auth/authStore';
import { pickerFormats } from '../dates/pickerFormat';
import { displayTimeZone, formatWireDate } from '../resources/engine/dateText';

/** A card of the job page, a region named by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A value the customer cannot change: plain text under a small label, never an input that looks editable. */
export function ReadOnlyValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** A status the customer may not see arrives as null and reads "With the office". */
export function StatusChip({ status }: { status: JobStatus | null }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'QUOTED' ? 'warning' : status === 'COMPLETED' ? 'success' : 'default'}
      // White on the warning orange is under 4.5:1; dark text reads in both colour schemes.
      sx={status === 'QUOTED' ? { color: 'common.black' } : undefined}
      label={status ? translate(`salesCosts.enums.job_statuses.${status}`) : translate('customerPortal.jobs.statusHidden')}
    />
  );
}

/** The user's date-time format (their date part, minutes): a portal date reads as the rest of the app's. */
export function usePortalDateFormat(): string {
  return pickerFormats(useAuth().user?.settings?.dateFormat).dateTime;
}

/** The short weekday in the UI language, on the user's clock ('Thu', 'cs.'). */
function weekday(wire: string, locale: string): string {
  const at = new Date(`${wire.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: displayTimeZone() }).format(at);
}

/** The appointment window, on the user's clock and in their date format: 'Thu 03/12/2026 09:00–11:30', or not booked yet. */
export function useAppointmentText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const format = usePortalDateFormat();
  return (start: string | null, end: string | null): string => {
    if (!start) return translate('customerPortal.jobs.noAppointment');
    const at = (wire: string) => `${weekday(wire, locale)} ${formatWireDate(wire, format)}`.trim();
    if (!end) return at(start);
    const sameDay = formatWireDate(start, 'YYYY-MM-DD') === formatWireDate(end, 'YYYY-MM-DD');
    return `${at(start)}–${sameDay ? formatWireDate(end, 'HH:mm') : at(end)}`;
  };
}

export const apiBase = (apiUrl: string | undefined) => (apiUrl || '/api').replace(/\/+$/, '');
