/** The user's date format and time-zone settings (SPEC.md point 3), for every date the job screens show. */
import { useAuth } from '../../auth/authStore';
import { DEFAULT_DATE_FORMAT, formatWireDate } from '../../resources/engine/dateText';

export function useDateText(): (wire: string | null | undefined) => string {
  // Reading the settings here re-renders the dates when the user changes either setting.
  const settings = useAuth().user?.settings;
  const format = settings?.dateFormat || DEFAULT_DATE_FORMAT;
  return (wire) => formatWireDate(wire ?? '', format);
}
