/** Mail dates in the user's date format (settings.dateFormat); wire dates are UTC. */
import { useAuth } from '../../auth/authStore';
import { DEFAULT_DATE_FORMAT, formatWireDate } from '../../resources/engine/dateText';

export function useMailDateText() {
  const format = (useAuth().user?.settings.dateFormat as string | undefined) || DEFAULT_DATE_FORMAT;
  const dayFormat = format.split(' ')[0] || format;
  return {
    full: (value: string | null) => formatWireDate(value, format),
    /** The list: the time for today's mails, the day for older ones. */
    short: (value: string | null, today: boolean) => formatWireDate(value, today ? 'HH:mm' : dayFormat),
  };
}
