/** The user's date format setting (SPEC.md point 3), for every date the job screens show. */
import { useAuth } from '../../auth/authStore';
import { DEFAULT_DATE_FORMAT, formatWireDate } from '../../resources/engine/dateText';

export function useDateText(): (wire: string | null | undefined) => string {
  const format = useAuth().user?.settings.dateFormat || DEFAULT_DATE_FORMAT;
  return (wire) => formatWireDate(wire ?? '', format);
}
