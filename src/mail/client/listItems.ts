/** The flat list the virtual scroller shows: a header before the first mail of each date group. */
import type { DateGroup } from '../../../core/mail/client/dateGroups';
import type { MailListRow } from '../../../core/mail/client/types';

export type ListItem = { kind: 'group'; group: DateGroup } | { kind: 'mail'; row: MailListRow };

export function withGroupHeaders(rows: MailListRow[]): ListItem[] {
  const items: ListItem[] = [];
  let last: DateGroup | null = null;
  for (const row of rows) {
    if (row.date_group !== last) {
      items.push({ kind: 'group', group: row.date_group });
      last = row.date_group;
    }
    items.push({ kind: 'mail', row });
  }
  return items;
}
