/**
 * The MUI X pickers in the user's language, date format and time zone. Loaded on demand by
 * DateField.tsx so the pickers never weigh on pages without a date input (the login page's budget).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/hu';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useState } from 'react';
import { useLocaleState } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { displayTimeZone } from '../resources/engine/dateText';
import { dayjsLocale, dayOf, pickerFormats } from './pickerFormat';
import type { DateFieldProps, DateTimeFieldProps } from './DateField';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

const WIRE = 'YYYY-MM-DD HH:mm:ss';

/** A value worth telling the form: complete (a 4-digit year), not a day or year still being typed. */
const complete = (v: Dayjs | null): v is Dayjs => !!v && v.isValid() && v.year() >= 1000;

/**
 * Keeps what the user is typing in the picker and tells the form only complete values (or a
 * cleared field): handing a half-typed date back as empty would wipe the field under the user.
 */
function useTypedValue<T>(outer: T, toPicker: (value: T) => Dayjs | null, fromPicker: (value: Dayjs | null) => T, emit: (value: T) => void) {
  const [typed, setTyped] = useState(() => toPicker(outer));
  const [seen, setSeen] = useState(outer);
  if (outer !== seen) {
    // Changed from outside (a reset, a reload): show the new value.
    setSeen(outer);
    setTyped(toPicker(outer));
  }
  const onChange = (v: Dayjs | null) => {
    setTyped(v);
    if (v !== null && !complete(v)) return;
    const next = fromPicker(v);
    setSeen(next);
    emit(next);
  };
  return { typed, onChange };
}

function usePickerSettings() {
  const [locale] = useLocaleState();
  const settings = useAuth().user?.settings;
  return { adapterLocale: dayjsLocale(locale), formats: pickerFormats(settings?.dateFormat as string | undefined) };
}

function fieldSlot(props: { label: string; required?: boolean; error?: boolean; helperText?: string; width?: number; fullWidth?: boolean; name?: string }) {
  return {
    textField: {
      size: 'small' as const,
      name: props.name,
      required: props.required,
      error: props.error,
      helperText: props.helperText,
      fullWidth: props.fullWidth ?? false,
      sx: props.fullWidth ? undefined : { width: props.width ?? 180, maxWidth: '100%' },
    },
  };
}

/** A date without a time: the value is 'YYYY-MM-DD' or '', the same calendar day in every time zone. */
export default function LocalizedDatePicker(props: DateFieldProps) {
  const { adapterLocale, formats } = usePickerSettings();
  const { typed, onChange } = useTypedValue(
    dayOf(props.value),
    (day) => (day ? dayjs(day, 'YYYY-MM-DD') : null),
    (v) => (v ? v.format('YYYY-MM-DD') : ''),
    props.onChange,
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale}>
      <DatePicker
        label={props.label}
        value={typed}
        format={formats.date}
        disabled={props.disabled}
        readOnly={props.readOnly}
        enableAccessibleFieldDOMStructure={false}
        onChange={onChange}
        slotProps={fieldSlot(props)}
      />
    </LocalizationProvider>
  );
}

/** A moment in time: the value is a wire date (UTC), shown and typed in the user's time-zone setting. */
export function LocalizedDateTimePicker(props: DateTimeFieldProps) {
  const { adapterLocale, formats } = usePickerSettings();
  const zone = displayTimeZone();
  const { typed, onChange } = useTypedValue(
    props.value ?? null,
    (wire) => {
      const parsed = wire ? dayjs.utc(wire.replace(' ', 'T')) : null;
      return parsed && parsed.isValid() ? parsed.tz(zone) : null;
    },
    (v) => (v ? v.utc().format(WIRE) : null),
    props.onChange,
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale}>
      <DateTimePicker
        label={props.label}
        value={typed}
        timezone={zone}
        format={formats.dateTime}
        ampm={false}
        disabled={props.disabled}
        readOnly={props.readOnly}
        enableAccessibleFieldDOMStructure={false}
        onChange={onChange}
        slotProps={fieldSlot(props)}
      />
    </LocalizationProvider>
  );
}
