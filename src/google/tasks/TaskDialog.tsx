/**
 * A task's form in a dialog, to make one in a list or change one: title, notes, due date, completed,
 * job link; a task being changed can also move (its list and parent task, TaskPlaceFields).
 */
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { dueDate, type TaskWire } from '../../../core/google/tasks';
import { TaskPlaceFields, type TaskPlace } from './TaskPlaceFields';
import type { TaskChange } from './tasksProvider';
import { DateField } from '../../dates/DateField';
import { useTasksText } from './useTasksText';

export interface TaskDialogProps {
  /** The task to change; null for a new one. */
  task: TaskWire | null;
  onCancel: () => void;
  onSave: (change: TaskChange & { title: string }) => void;
}

export function TaskDialog({ task, onCancel, onSave }: TaskDialogProps) {
  const t = useTasksText();
  const [title, setTitle] = useState(task?.title ?? '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [due, setDue] = useState(dueDate(task?.due) ?? '');
  const [completed, setCompleted] = useState(task?.completed ?? false);
  const [job, setJob] = useState(task?.job_id ? String(task.job_id) : '');
  const [place, setPlace] = useState<TaskPlace | null>(task ? { g_tasklist_id: task.g_tasklist_id, parent: task.parent } : null);
  const valid = title.trim() !== '' && title.length <= 100 && /^\d*$/.test(job);
  // Only a real move is sent: the sync then calls Google's tasks.move for it.
  const move =
    task && place && (place.g_tasklist_id !== task.g_tasklist_id || place.parent !== task.parent)
      ? { parent: place.parent, ...(place.g_tasklist_id !== task.g_tasklist_id ? { g_tasklist_id: place.g_tasklist_id } : {}) }
      : {};
  const save = () => valid && onSave({ title: title.trim(), notes: notes || null, due: due || null, completed, job_id: job ? Number(job) : null, ...move });
  return (
    <Dialog open onClose={onCancel} aria-labelledby="task-dialog-title" fullWidth maxWidth="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <DialogTitle id="task-dialog-title">{task ? t('editTask', { name: task.title }) : t('newTask')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 3000 } }}
            />
            <DateField label={t('due')} value={due} onChange={setDue} fullWidth />
            <TextField label={t('jobId')} value={job} onChange={(e) => setJob(e.target.value.trim())} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            {task && place && <TaskPlaceFields task={task} place={place} onChange={setPlace} />}
            <FormControlLabel control={<Checkbox checked={completed} onChange={(e) => setCompleted(e.target.checked)} />} label={t('completed')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
