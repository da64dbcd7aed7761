/**
 * /reminders: the user's notifications (type, job, when, who), filtered by type, flag, free text
 * and job number; flag and unflag, remove one or the selected ones. Showing a page marks its new rows as rendered, so the
 * badge counts only what has not been seen yet.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, IconButton, Pagination, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useDateText } from '../jobs/sheet/useDateFormat';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { refreshReminderBadge } from './badgeStore';
import { EMPTY_REMINDER_FILTER, ReminderFilters, toWireFilter, type ReminderFilter } from './ReminderFilters';
import { useSelection } from './useSelection';
import { ReconnectLink } from './ReconnectLink';
import { useDebounced } from '../util/useDebounced';
import { useRemindersProvider, type NotificationRow } from './remindersProvider';

/**
 * The engineers a reminder is about (ENGINEER_NOT_REPORTED and TO_REPORT name one, REPORT_MISSING a list):
 * without them two reminders on the same job look like one shown twice.
 */
export function engineerNames(params: Record<string, unknown> | undefined): string[] {
  if (typeof params?.engineer === 'string' && params.engineer) return [params.engineer];
  if (Array.isArray(params?.names)) return params.names.filter((n): n is string => typeof n === 'string' && n !== '');
  return [];
}

function EngineerLine({ params }: { params: Record<string, unknown> | undefined }) {
  const translate = useTranslate();
  const names = engineerNames(params);
  if (!names.length) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('reminders.engineers', { count: names.length, names: names.join(', ') })}
    </Typography>
  );
}

export const REMINDERS_PAGE_SIZE = 20;

export function RemindersPage({ title }: PageProps) {
  const translate = useTranslate();
  const date = useDateText();
  const [filter, setFilter] = useState<ReminderFilter>(EMPTY_REMINDER_FILTER);
  const [page, setPage] = useState(1);
  const { selected, toggle, toggleAll, clear } = useSelection();
  const provider = useRemindersProvider();
  const wireFilter = useDebounced(JSON.stringify(toWireFilter(filter)));

  const { data, refetch } = useQuery({
    queryKey: ['notifications', wireFilter, page],
    async queryFn({ signal }) {
      const answer = await provider.reminders(JSON.parse(wireFilter), page, REMINDERS_PAGE_SIZE, signal);
      // Showing a page is seeing it: its new rows stop counting in the badge (they stay bold until the next visit).
      const fresh = answer.rows.filter((r) => !r.is_rendered).map((r) => r.notif_id);
      if (fresh.length && (await provider.markRemindersSeen(fresh))) void refreshReminderBadge();
      return answer;
    },
    // Another page or filter replaces the shown rows when it arrives, as a table does.
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;

  async function setFlagged(row: NotificationRow) {
    if (await provider.flagReminder(row.notif_id, !row.is_flagged)) void refetch();
  }

  async function remove(ids: number[]) {
    if (!(await provider.removeReminders(ids))) return;
    clear();
    void refetch();
    void refreshReminderBadge();
  }

  const pageIds = rows.map((r) => r.notif_id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const f = (k: string) => translate(`reminders.fields.${k}`);
  return (
    <PageFrame title={title}>
      <ReminderFilters
        filter={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      >
        <Button color="error" variant="outlined" disabled={!selected.length} onClick={() => void remove(selected)}>
          {translate('reminders.removeSelected', { count: selected.length })}
        </Button>
      </ReminderFilters>
      {rows.length === 0 ? (
        <Typography>{translate('reminders.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('reminders.table')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox checked={allOnPage} onChange={() => toggleAll(pageIds)} slotProps={{ input: { 'aria-label': translate('reminders.selectAll') } }} />
              </TableCell>
              <TableCell>{f('type')}</TableCell>
              <TableCell>{f('job')}</TableCell>
              <TableCell>{f('when')}</TableCell>
              <TableCell>{f('who')}</TableCell>
              <TableCell>{f('flagged')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.notif_id} hover selected={selected.includes(r.notif_id)} sx={r.is_rendered ? undefined : { '& td': { fontWeight: 600 } }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(r.notif_id)}
                    onChange={() => toggle(r.notif_id)}
                    slotProps={{ input: { 'aria-label': translate('reminders.select', { id: r.notif_id }) } }}
                  />
                </TableCell>
                <TableCell>
                  {translate(`reminders.types.${r.notif_type}`)}
                  <EngineerLine params={r.notif_params} />
                </TableCell>
                <TableCell>
                  {r.job_id ? <Link to={`/sheet/${r.job_id}/details`}>{r.job_number ?? translate('jobs.item.draft')}</Link> : <ReconnectLink row={r} />}
                </TableCell>
                <TableCell>{date(r.created_at)}</TableCell>
                <TableCell>{r.created_by_name ?? translate('reminders.system')}</TableCell>
                <TableCell>
                  <Tooltip title={translate(r.is_flagged ? 'reminders.unflag' : 'reminders.flag')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate(r.is_flagged ? 'reminders.unflag' : 'reminders.flag')} ${r.notif_id}`}
                      aria-pressed={r.is_flagged}
                      onClick={() => void setFlagged(r)}
                    >
                      {r.is_flagged ? <FlagIcon color="warning" fontSize="small" /> : <OutlinedFlagIcon fontSize="small" />}
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <IconButton size="small" aria-label={`${translate('reminders.remove')} ${r.notif_id}`} onClick={() => void remove([r.notif_id])}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination count={Math.max(1, Math.ceil(total / REMINDERS_PAGE_SIZE))} page={page} onChange={(_, p) => setPage(p)} size="small" />
    </PageFrame>
  );
}
