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
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { useJobsProvider } from '../jobsProvider';
import type { JobCalendarRow, JobDetails } from '../../../core/jobs/types';
import { dateToWire, localInputToWire, wireToLocalInput } from './jobForm';

const wireToIso = (wire: string | null) => (wire ? `${wire.replace(' ', 'T')}Z` : undefined);

export function calendarEvents(rows: JobCalendarRow[], jobId: number, editable: boolean): EventInput[] {
  return rows
    .filter((r) => r.job_start)
    .map((r) => ({
      id: String(r.job_id),
      title: [r.job_number, r.job_desc, r.js_address].filter(Boolean).join(' · '),
      start: wireToIso(r.job_start),
      end: wireToIso(r.job_end),
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
  const [start, setStart] = useState(wireToLocalInput(job.job_start));
  const [end, setEnd] = useState(wireToLocalInput(job.job_end));
  const [problem, setProblem] = useState<string | null>(null);
  const editable = job.can_modify;
  const provider = useJobsProvider();
  // The calendar speaks the user's language (en-US is FullCalendar's own default).
  const [locale] = useLocaleState();

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
        .jobCalendar({ deId, from: dateToWire(info.start), to: dateToWire(info.end) })
        .then((rows) => success(calendarEvents(rows, jobId, editable)))
        .catch((e: Error) => failure(e));
    },
    [provider, jobId, deId, editable],
  );

  async function moved(arg: EventChangeArg) {
    const ok = await patch({ job_start: dateToWire(arg.event.start), job_end: dateToWire(arg.event.end) });
    if (!ok) arg.revert();
    else {
      setStart(wireToLocalInput(dateToWire(arg.event.start)));
      setEnd(wireToLocalInput(dateToWire(arg.event.end)));
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
          void patch({ job_start: localInputToWire(start), job_end: localInputToWire(end) });
        }}
      >
        <TextField
          size="small"
          fullWidth={false}
          sx={{ width: 240 }}
          type="datetime-local"
          label={translate('jobs.fields.job_start')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          disabled={!editable}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          fullWidth={false}
          sx={{ width: 240 }}
          type="datetime-local"
          label={translate('jobs.fields.job_end')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          disabled={!editable}
          slotProps={{ inputLabel: { shrink: true } }}
        />
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
          initialDate={job.job_start ? wireToIso(job.job_start) : undefined}
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
