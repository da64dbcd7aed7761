/**
 * The keyboard's (and the phone's) way to dispatch: choose the engineer, the day and the times of
 * a job in a small form. Times are the user's local times; they go out as wire dates (UTC).
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DispatchEngineer, DispatchMove } from '../../core/dispatch/types';
import { DEFAULT_VISIT_HOURS, wireToLocal } from '../../core/dispatch/week';
import { hourText, type DragItem } from './dragIds';

export interface DialogChoice {
  usId: number;
  day: string;
  start: string;
  end: string;
}

interface Props {
  item: DragItem;
  engineers: DispatchEngineer[];
  defaultDay: string;
  zone: string;
  busy: boolean;
  onClose: () => void;
  onSave: (choice: DialogChoice, fromUsId: DispatchMove['from_us_id']) => void;
}

function initial(item: DragItem, engineers: DispatchEngineer[], defaultDay: string, zone: string): DialogChoice {
  const { job } = item;
  const usId = item.fromUsId ?? engineers[0]?.us_id ?? 0;
  if (job.job_start && job.job_end) {
    const s = wireToLocal(job.job_start, zone);
    return { usId, day: s.day, start: s.time, end: wireToLocal(job.job_end, zone).time };
  }
  return { usId, day: defaultDay, start: hourText(9), end: hourText(9 + DEFAULT_VISIT_HOURS) };
}

export function ScheduleDialog({ item, engineers, defaultDay, zone, busy, onClose, onSave }: Props) {
  const t = useTranslate();
  const [choice, setChoice] = useState(() => initial(item, engineers, defaultDay, zone));
  const [problem, setProblem] = useState(false);
  const number = item.job.job_number ?? `#${item.job.job_id}`;
  const set = (field: keyof DialogChoice) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setChoice((c) => ({ ...c, [field]: field === 'usId' ? Number(e.target.value) : e.target.value }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (choice.end <= choice.start) return setProblem(true);
          setProblem(false);
          onSave(choice, item.fromUsId);
        }}
      >
        <DialogTitle>{t('dispatch.scheduleJob', { number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select required label={t('dispatch.engineer')} value={choice.usId || ''} onChange={set('usId')} slotProps={{ select: { native: true } }}>
              {engineers.map((e) => (
                <option key={e.us_id} value={e.us_id}>
                  {e.fullname ?? `#${e.us_id}`}
                </option>
              ))}
            </TextField>
            <TextField type="date" required label={t('dispatch.day')} value={choice.day} onChange={set('day')} slotProps={{ inputLabel: { shrink: true } }} />
            <Stack direction="row" spacing={2}>
              <TextField
                type="time"
                required
                label={t('dispatch.start')}
                value={choice.start}
                onChange={set('start')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="time"
                required
                label={t('dispatch.end')}
                value={choice.end}
                onChange={set('end')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            {problem && <Alert severity="warning">{t('dispatch.endBeforeStart')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dispatch.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('dispatch.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
