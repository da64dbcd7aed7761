/**
 * One engineer's lane: the shown days as columns, the working hours as rows; every cell takes a
 * dropped job at that hour. A visit sits in the cell of its start hour (before or after the shown
 * hours: the first or last row).
 */
import { useDroppable } from '@dnd-kit/core';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import type { DispatchEngineer, DispatchVisit } from '../../core/dispatch/types';
import { FIRST_HOUR, LAST_HOUR, wireToLocal } from '../../core/dispatch/week';
import { dayLabel } from './dayLabel';
import { cellId, hourText, type DragItem } from './dragIds';
import { JobCard } from './JobCard';

const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, i) => FIRST_HOUR + i);

interface Props {
  engineer: DispatchEngineer;
  days: string[];
  visits: DispatchVisit[];
  zone: string;
  onSchedule: (item: DragItem) => void;
}

function Cell({ engineer, day, hour, children }: { engineer: DispatchEngineer; day: string; hour: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId({ usId: engineer.us_id, day, hour }), data: { usId: engineer.us_id, day, hour } });
  // No name of its own: the row's hour and the column's day name it, and a name would hide the visits inside.
  return (
    <Box
      ref={setNodeRef}
      role="gridcell"
      data-testid={cellId({ usId: engineer.us_id, day, hour })}
      sx={{ minHeight: 28, borderTop: 1, borderLeft: 1, borderColor: 'divider', p: 0.25, bgcolor: isOver ? 'action.selected' : undefined, minWidth: 0 }}
    >
      {children}
    </Box>
  );
}

export function EngineerLane({ engineer, days, visits, zone, onSchedule }: Props) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const placed = visits.map((v) => {
    const local = wireToLocal(v.job_start, zone);
    return { v, day: local.day, hour: Math.min(Math.max(local.hour, FIRST_HOUR), LAST_HOUR) };
  });
  const name = engineer.fullname ?? `#${engineer.us_id}`;
  return (
    <Box component="section" aria-label={t('dispatch.lane', { name })} sx={{ mb: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2">
        {name}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {t('dispatch.visits', { count: visits.length, smart_count: visits.length })}
        </Typography>
      </Typography>
      <Box
        role="grid"
        sx={{ display: 'grid', gridTemplateColumns: `3rem repeat(${days.length}, minmax(0, 1fr))`, borderRight: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Box />
          {days.map((day) => (
            <Typography key={day} role="columnheader" variant="caption" sx={{ textAlign: 'center', borderLeft: 1, borderColor: 'divider', px: 0.25 }}>
              {dayLabel(day, locale)}
            </Typography>
          ))}
        </Box>
        {HOURS.map((hour) => (
          <Box role="row" key={hour} sx={{ display: 'contents' }}>
            <Typography role="rowheader" variant="caption" sx={{ borderTop: 1, borderColor: 'divider', pr: 0.5, textAlign: 'right' }}>
              {hourText(hour)}
            </Typography>
            {days.map((day) => (
              <Cell key={day} engineer={engineer} day={day} hour={hour}>
                {placed
                  .filter((p) => p.day === day && p.hour === hour)
                  .map(({ v }) => (
                    <JobCard key={v.job_id} item={{ job: v, fromUsId: engineer.us_id }} zone={zone} onSchedule={onSchedule} />
                  ))}
              </Cell>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
