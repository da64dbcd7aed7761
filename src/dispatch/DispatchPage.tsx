/**
 * /dispatch: the week's board, one lane per engineer (days × hours). A job is dragged from the
 * list onto a lane and an hour, or a visit to another lane or hour; each job's Schedule button
 * does the same from a small form. Below 900 px one engineer and one day are shown at a time.
 */
import { useState } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'ra-core';
import { addDays, localToWire, mondayOf, todayIn } from '../../core/dispatch/week';
import { searchableText } from '../../core/lists/search';
import { displayTimeZone } from '../resources/engine/dateText';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { dayLabel } from './dayLabel';
import { DISPATCH_KEY, useDispatchProvider } from './dispatchProvider';
import { hourText, type DragItem, type DropCell } from './dragIds';
import { EngineerLane } from './EngineerLane';
import { ScheduleDialog, type DialogChoice } from './ScheduleDialog';
import { UnscheduledList } from './UnscheduledList';

interface Placement {
  item: DragItem;
  usId: number;
  day: string;
  start: string;
  end?: string;
}

export function DispatchPage({ title }: PageProps) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const provider = useDispatchProvider();
  const queries = useQueryClient();
  const [start, setStart] = useState(() => mondayOf(todayIn(displayTimeZone())));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [laneUsId, setLaneUsId] = useState<number | null>(null);
  const [shownDay, setShownDay] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DragItem | null>(null);
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const stext = searchableText(search) ?? '';
  const week = useQuery({
    queryKey: [...DISPATCH_KEY, start, stext, page],
    queryFn: ({ signal }) => provider.dispatchWeek({ start, stext, page }, signal),
    placeholderData: keepPreviousData,
  });
  const data = week.data;
  const zone = data?.time_zone ?? displayTimeZone();
  const engineers = data?.engineers ?? [];
  const nameOf = (usId: number) => engineers.find((e) => e.us_id === usId)?.fullname ?? `#${usId}`;

  const move = useMutation({
    mutationFn: ({ item, usId, day, start: time, end }: Placement) =>
      provider.dispatchMove(
        item.job.job_id,
        {
          us_id: usId,
          job_start: localToWire(day, time, zone),
          ...(end ? { job_end: localToWire(day, end, zone) } : {}),
          ...(item.fromUsId !== undefined ? { from_us_id: item.fromUsId } : {}),
        },
        t('dispatch.scheduled', { number: item.job.job_number ?? `#${item.job.job_id}`, name: nameOf(usId), day: dayLabel(day, locale, true), time }),
      ),
    onSuccess: () => setDialog(null),
    onSettled: () => queries.invalidateQueries({ queryKey: DISPATCH_KEY }),
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  function dropped(e: DragEndEvent) {
    setDragging(null);
    const item = e.active.data.current as DragItem | undefined;
    const cell = e.over?.data.current as DropCell | undefined;
    if (!item || !cell) return;
    move.mutate({ item, usId: cell.usId, day: cell.day, start: hourText(cell.hour) });
  }

  const days = data?.days ?? [];
  const today = todayIn(zone);
  const day = shownDay && days.includes(shownDay) ? shownDay : days.includes(today) ? today : days[0];
  const lanes = narrow ? engineers.filter((e) => e.us_id === (laneUsId ?? engineers[0]?.us_id)) : engineers;
  const shownDays = narrow && day ? [day] : days;
  const goTo = (monday: string) => {
    setStart(monday);
    setShownDay(null);
  };

  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Button variant="outlined" onClick={() => goTo(addDays(start, -7))}>
          {t('dispatch.previousWeek')}
        </Button>
        <Button variant="outlined" onClick={() => goTo(mondayOf(todayIn(zone)))}>
          {t('dispatch.today')}
        </Button>
        <Button variant="outlined" onClick={() => goTo(addDays(start, 7))}>
          {t('dispatch.nextWeek')}
        </Button>
        <Typography component="p" variant="subtitle1" aria-live="polite" data-testid="dispatch-week">
          {t('dispatch.week', { day: dayLabel(start, locale, true) })}
        </Typography>
      </Stack>
      {week.isFetching && <LinearProgress aria-label={t('dispatch.loading')} />}
      {week.isError && <Alert severity="error">{t('dispatch.loadFailed')}</Alert>}
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={(e: DragStartEvent) => setDragging((e.active.data.current as DragItem) ?? null)}
        onDragEnd={dropped}
        onDragCancel={() => setDragging(null)}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
          <UnscheduledList
            unscheduled={data?.unscheduled}
            zone={zone}
            search={search}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
            onPage={setPage}
            onSchedule={setDialog}
          />
          <Box sx={{ minWidth: 0 }}>
            {data && !engineers.length && <Alert severity="info">{t('dispatch.noEngineers')}</Alert>}
            {narrow && engineers.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                <TextField
                  select
                  size="small"
                  label={t('dispatch.showEngineer')}
                  value={laneUsId ?? engineers[0].us_id}
                  onChange={(e) => setLaneUsId(Number(e.target.value))}
                  slotProps={{ select: { native: true } }}
                  sx={{ flex: 1 }}
                >
                  {engineers.map((e) => (
                    <option key={e.us_id} value={e.us_id}>
                      {e.fullname ?? `#${e.us_id}`}
                    </option>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t('dispatch.showDay')}
                  value={day ?? ''}
                  onChange={(e) => setShownDay(e.target.value)}
                  slotProps={{ select: { native: true } }}
                  sx={{ flex: 1 }}
                >
                  {days.map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d, locale)}
                    </option>
                  ))}
                </TextField>
              </Stack>
            )}
            {data && engineers.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('dispatch.engineers', { count: engineers.length, smart_count: engineers.length })}
              </Typography>
            )}
            {lanes.map((e) => (
              <EngineerLane
                key={e.us_id}
                engineer={e}
                days={shownDays}
                visits={(data?.visits ?? []).filter((v) => v.us_id === e.us_id)}
                zone={zone}
                onSchedule={setDialog}
              />
            ))}
          </Box>
        </Box>
        <DragOverlay>
          {dragging && (
            <Paper elevation={4} sx={{ p: 1 }}>
              {dragging.job.job_number ?? `#${dragging.job.job_id}`}
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
      {dialog && (
        <ScheduleDialog
          item={dialog}
          engineers={engineers}
          defaultDay={day ?? start}
          zone={zone}
          busy={move.isPending}
          onClose={() => setDialog(null)}
          onSave={(c: DialogChoice) => move.mutate({ item: dialog, usId: c.usId, day: c.day, start: c.start, end: c.end })}
        />
      )}
    </PageFrame>
  );
}
