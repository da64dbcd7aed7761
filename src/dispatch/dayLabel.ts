/** A board day ('YYYY-MM-DD', already the user's local day) in the user's language. */
export function dayLabel(day: string, locale: string, long = false): string {
  return new Intl.DateTimeFormat(locale, { weekday: long ? 'long' : 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
