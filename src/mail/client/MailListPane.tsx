/**
 * The middle column: the mail list grouped by date group, virtualised (only the rows on screen
 * exist in the DOM) so a folder of 100,000 mails scrolls smoothly; the next page loads near the end.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Box, Checkbox, LinearProgress, List, ListItemButton, ListSubheader, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FlagIcon from '@mui/icons-material/Flag';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'ra-core';
import { withGroupHeaders } from './listItems';
import { useMailDateText } from './mailDates';
import type { MailTag } from '../settings/types';
import type { MailListRow } from '../../../core/mail/client/types';

const ROW_HEIGHT = 72;
const HEADER_HEIGHT = 32;

interface RowProps {
  row: MailListRow;
  selected: boolean;
  checked: boolean;
  onOpen: (id: number) => void;
  onCheck: (id: number) => void;
  tags: ReadonlyMap<number, MailTag>;
  /** In the conversation view: how many loaded mails the row's conversation has. */
  count?: number;
}

function MailRowView({ row, selected, checked, onOpen, onCheck, tags, count }: RowProps) {
  const translate = useTranslate();
  const when = useMailDateText().short(row.mail_date, row.date_group === 'today');
  const who = row.mail_from?.name || row.mail_from?.address || '';
  const subject = row.mail_subject || translate('mailClient.noSubject');
  return (
    <Stack direction="row" alignItems="flex-start">
      <Checkbox
        size="small"
        checked={checked}
        onChange={() => onCheck(row.ma_id)}
        slotProps={{ input: { 'aria-label': translate('mailClient.bulk.select', { subject }) } }}
      />
      <ListItemButton
        selected={selected}
        onClick={() => onOpen(row.ma_id)}
        data-unread={!row.is_seen || undefined}
        sx={{ height: ROW_HEIGHT, alignItems: 'flex-start', minWidth: 0, borderLeft: `4px solid ${row.ma_color ?? 'transparent'}`, py: 0.5 }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography noWrap sx={{ flex: 1, fontWeight: row.is_seen ? 400 : 700 }}>
              {who}
            </Typography>
            {(row.tag_ids ?? []).map((id) => {
              const tag = tags.get(id);
              return tag ? <LocalOfferIcon key={id} fontSize="small" titleAccess={tag.mt_name} sx={{ color: tag.mt_color ?? 'text.secondary' }} /> : null;
            })}
            {row.is_flagged && <FlagIcon fontSize="small" color="error" titleAccess={translate('mailClient.actions.flag')} />}
            {row.has_attachments && <AttachFileIcon fontSize="small" titleAccess={translate('mailClient.attachments')} />}
            {row.job_id !== null && <WorkOutlineIcon fontSize="small" />}
            {count !== undefined && count > 1 && (
              <Typography
                variant="caption"
                aria-label={translate('mailClient.threads.count', { count })}
                sx={{ px: 0.5, borderRadius: 1, bgcolor: 'action.selected' }}
              >
                {count}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {when}
            </Typography>
          </Stack>
          <Typography noWrap variant="body2" sx={{ fontWeight: row.is_seen ? 400 : 700 }}>
            {row.mail_subject || translate('mailClient.noSubject')}
          </Typography>
          <Typography noWrap variant="caption" color="text.secondary" component="div">
            {row.snippet}
          </Typography>
        </Box>
      </ListItemButton>
    </Stack>
  );
}

export interface MailListPaneProps {
  rows: MailListRow[];
  hasMore: boolean;
  loading: boolean;
  selectedId: number | null;
  checked: ReadonlySet<number>;
  onCheck: (id: number) => void;
  onOpen: (id: number) => void;
  onNearEnd: () => void;
  /** The brand's tags, to show each row's tags in their colour. */
  tags?: MailTag[];
  /** The conversation view: each row's conversation size (the rows are then one per conversation). */
  counts?: ReadonlyMap<number, number>;
}

export function MailListPane({ rows, hasMore, loading, selectedId, checked, onCheck, onOpen, onNearEnd, tags = [], counts }: MailListPaneProps) {
  const translate = useTranslate();
  const tagById = useMemo(() => new Map(tags.map((t) => [t.mt_id, t])), [tags]);
  const items = useMemo(() => withGroupHeaders(rows), [rows]);
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual's instance changes under the same object: the compiler must not memoise what reads it. This
  // component passes only plain values (items, sizes) down, so skipping its memoisation is all that is needed.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (items[i].kind === 'group' ? HEADER_HEIGHT : ROW_HEIGHT),
    // Three rows either side of the window: with ~8 rows in view, at most about twice that are in the DOM.
    overscan: 3,
    // jsdom and the first paint have no layout yet: assume a window's worth of rows.
    initialRect: { width: 400, height: 800 },
  });
  const shown = virtual.getVirtualItems();
  const lastShown = shown.at(-1)?.index ?? 0;
  useEffect(() => {
    if (items.length && lastShown >= items.length - 20 && hasMore) onNearEnd();
  }, [lastShown, items.length, hasMore, onNearEnd]);

  // The selected mail stays in view when j/k move past the edge.
  useEffect(() => {
    const index = items.findIndex((it) => it.kind === 'mail' && it.row.ma_id === selectedId);
    if (index >= 0) virtual.scrollToIndex(index, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      {loading ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      {/* Bounded: by the page's columns on a wide screen, by the window on a narrow one (where the
          list is a column of its own). An unbounded box grows to every row and virtualises nothing. */}
      <Box
        ref={scroller}
        sx={{ overflowY: 'auto', flex: { md: 1 }, minHeight: { md: 0 }, height: { xs: 'calc(100vh - 200px)', md: 'auto' } }}
        data-testid="mail-list-scroller"
      >
        {!loading && !rows.length && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('mailClient.empty')}
          </Typography>
        )}
        <List aria-label={translate('mailClient.list')} disablePadding sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {shown.map((v) => {
            const item = items[v.index];
            return (
              <Box component="li" key={v.key} sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}>
                {item.kind === 'group' ? (
                  <ListSubheader component="div" role="heading" aria-level={3} sx={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px` }}>
                    {translate(`mailClient.groups.${item.group}`)}
                  </ListSubheader>
                ) : (
                  <MailRowView
                    row={item.row}
                    selected={item.row.ma_id === selectedId}
                    checked={checked.has(item.row.ma_id)}
                    onOpen={onOpen}
                    onCheck={onCheck}
                    tags={tagById}
                    count={counts?.get(item.row.ma_id)}
                  />
                )}
              </Box>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
