/**
 * The Schedule tab: the job's start and end, and a calendar of its department's jobs (GET
 * jobs/calendar for the visible range). Only this job's event can be dragged or resized; either
 * PATCHes job_start/job_end, and a refused change puts the event back.
 */
import { useCallback, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventChangeArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import huLocale from '@fullcalendar/core/locales/hu';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { useJobsProvider } from '../jobsProvider';
import type { JobCalendarRow, JobDetails } from '../../../core/jobs/types';
import { DateTimeField } from '../../dates/DateField';
import { wallClockNow, wallClockToWire, wireToWallClock } from '../../dates/zonedTime';
import { useAuth } from '../../auth/authStore';
import { displayTimeZone } from '../../resources/engine/dateText';

/** The calendar's events, their times as wall clock in the user's time zone (the calendar runs in UTC). */
export function calendarEvents(rows: JobCalendarRow[], jobId: number, editable: boolean, zone: string): EventInput[] {
  return rows
    .filter((r) => r.job_start)
    .map((r) => ({
      id: String(r.job_id),
      title: [r.job_number, r.job_desc, r.js_address].filter(Boolean).join(' · '),
      start: wireToWallClock(r.job_start, zone),
      end: wireToWallClock(r.job_end, zone),
      editable: editable && r.job_id === jobId,
      // White event text needs 4.5:1: the job's own events in the brand blue, the others in dark grey.
      backgroundColor: r.job_id === jobId ? undefined : '#616161',
      borderColor: r.job_id === jobId ? undefined : '#616161',
    }));
}

interface Props {
  job: JobDetails;
  onChanged: () => void;
}

export function ScheduleTab({ job, onChanged }: Props) {
  const translate = useTranslate();
  const [start, setStart] = useState(job.job_start);
  const [end, setEnd] = useState(job.job_end);
  const [problem, setProblem] = useState<string | null>(null);
  const editable = job.can_modify;
  const provider = useJobsProvider();
  // The calendar speaks the user's language (en-US is FullCalendar's own default).
  const [locale] = useLocaleState();
  // Read through useAuth so a changed time-zone setting re-renders the calendar in the new zone.
  useAuth();
  const zone = displayTimeZone();

  async function patch(body: { job_start: string | null; job_end: string | null }): Promise<boolean> {
    if (body.job_start && body.job_end && body.job_end < body.job_start) {
      setProblem('jobs.errors.endBeforeStart');
      return false;
    }
    setProblem(null);
    try {
      await provider.jobUpdate(job.job_id, body);
      onChanged();
      return true;
    } catch {
      return false;
    }
  }

  // One stable source per job: a new function on every render would make the calendar refetch.
  const { job_id: jobId, de_id: deId } = job;
  const loadEvents = useCallback(
    (info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (e: Error) => void) => {
      provider
        .jobCalendar({ deId, from: wallClockToWire(info.start, zone), to: wallClockToWire(info.end, zone) })
        .then((rows) => success(calendarEvents(rows, jobId, editable, zone)))
        .catch((e: Error) => failure(e));
    },
    [provider, jobId, deId, editable, zone],
  );

  async function moved(arg: EventChangeArg) {
    const moved = { job_start: wallClockToWire(arg.event.start, zone), job_end: wallClockToWire(arg.event.end, zone) };
    const ok = await patch(moved);
    if (!ok) arg.revert();
    else {
      setStart(moved.job_start);
      setEnd(moved.job_end);
    }
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        alignItems="flex-start"
        component="form"
        aria-label={translate('jobs.item.tabs.schedule')}
        onSubmit={(e) => {
          e.preventDefault();
          void patch({ job_start: start, job_end: end });
        }}
      >
        <DateTimeField width={240} label={translate('jobs.fields.job_start')} value={start} onChange={setStart} disabled={!editable} />
        <DateTimeField width={240} label={translate('jobs.fields.job_end')} value={end} onChange={setEnd} disabled={!editable} />
        {editable && (
          <Button type="submit" variant="contained">
            {translate('jobs.item.save')}
          </Button>
        )}
      </Stack>
      {problem && <Alert severity="warning">{translate(problem)}</Alert>}
      <Typography variant="h6" component="h2">
        {translate('jobs.item.calendar')}
      </Typography>
      <Box sx={{ '& .fc': { fontSize: 13, '--fc-event-bg-color': '#1d4f91', '--fc-event-border-color': '#1d4f91' } }}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView="timeGridWeek"
          timeZone="UTC"
          now={() => wallClockNow(zone)}
          initialDate={wireToWallClock(job.job_start, zone)}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
          // FullCalendar's icon-font arrows are role="img" without a name: named text buttons instead.
          buttonIcons={false}
          events={loadEvents}
          eventDrop={(arg) => void moved(arg)}
          eventResize={(arg) => void moved(arg)}
          locales={[enGbLocale, huLocale]}
          locale={locale === 'en-US' ? 'en' : locale.toLowerCase()}
          // The whole day at its own height: an inner scrolling box of hours could not be scrolled by
          // keyboard (and a focusable one breaks the calendar's grid semantics).
          height="auto"
          nowIndicator
        />
      </Box>
    </Stack>
  );
}
