/** Dates of the file screens in the user's date format setting (SPEC.md point 3). */
import { useAuth } from '../auth/authStore';
import { DEFAULT_DATE_FORMAT, formatWireDate } from '../resources/engine/dateText';

export function useFileDate(): (wire: string | null | undefined) => string {
  const format = useAuth().user?.settings.dateFormat || DEFAULT_DATE_FORMAT;
  return (wire) => formatWireDate(wire ?? '', format);
}
