/**
 * The SPA's one date input and one date-time input: localized pickers (@mui/x-date-pickers) that
 * follow the UI language and the user's date format; a date-time is shown in the user's time zone.
 * The pickers load with the first date input a page shows, not with the app.
 */
import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';

interface CommonProps {
  label: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
  /** Width in px when not fullWidth (default 180). */
  width?: number;
  fullWidth?: boolean;
}

export interface DateFieldProps extends CommonProps {
  /** 'YYYY-MM-DD' (a wire date is cut to its day) or ''. */
  value: string | null | undefined;
  onChange: (day: string) => void;
}

export interface DateTimeFieldProps extends CommonProps {
  /** A wire date, 'YYYY-MM-DD HH:mm:ss' UTC, or null. */
  value: string | null | undefined;
  onChange: (wire: string | null) => void;
}

const LazyDate = lazy(() => import('./DatePickers'));
const LazyDateTime = lazy(() => import('./DatePickers').then((m) => ({ default: m.LocalizedDateTimePicker })));

/** Holds the field's place while the pickers load, so nothing moves when they arrive. */
function Placeholder({ label, width, fullWidth }: CommonProps) {
  return <TextField size="small" label={label} disabled fullWidth={fullWidth ?? false} sx={fullWidth ? undefined : { width: width ?? 180 }} />;
}

export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyDate {...props} />
    </Suspense>
  );
}

export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} width={props.width ?? 220} />}>
      <LazyDateTime {...props} />
    </Suspense>
  );
}
