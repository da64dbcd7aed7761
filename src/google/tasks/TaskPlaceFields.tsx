/**
 * Where a task sits: its list (any list of the same account) and its parent task (a live task of
 * that list, not the task itself nor one of its subtasks; or none, the top level). Two selects,
 * so the move works by keyboard.
 */
import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { TaskWire } from '../../../core/google/tasks';
import { TASK_LISTS_KEY, TASKS_KEY, useTasksProvider } from './tasksProvider';
import { useTasksText } from './useTasksText';

export interface TaskPlace {
  g_tasklist_id: string;
  parent: number | null;
}

/** The ids of the task and everything under it: none of these can be its parent. */
function selfAndBelow(tasks: TaskWire[], id: number): Set<number> {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of tasks)
      if (t.parent !== null && out.has(t.parent) && !out.has(t.task_id)) {
        out.add(t.task_id);
        grew = true;
      }
  }
  return out;
}

export function TaskPlaceFields({ task, place, onChange }: { task: TaskWire; place: TaskPlace; onChange: (place: TaskPlace) => void }) {
  const t = useTasksText();
  const provider = useTasksProvider();
  const lists = useQuery({ queryKey: TASK_LISTS_KEY, queryFn: ({ signal }) => provider.taskLists(signal) });
  const filter = { g_tasklist_id: place.g_tasklist_id, deleted: false };
  const tasks = useQuery({ queryKey: [...TASKS_KEY, 'filter', filter], queryFn: ({ signal }) => provider.tasksFilter(filter, signal) });
  const own = (lists.data ?? []).filter((l) => l.ga_id === task.ga_id);
  const excluded = selfAndBelow(tasks.data ?? [], task.task_id);
  const parents = (tasks.data ?? []).filter((x) => !excluded.has(x.task_id));
  const chosenParent = parents.some((x) => x.task_id === place.parent) ? String(place.parent) : '';
  return (
    <>
      <TextField
        select
        label={t('list')}
        value={own.length ? place.g_tasklist_id : ''}
        onChange={(e) => onChange({ g_tasklist_id: e.target.value, parent: null })}
      >
        {own.map((l) => (
          <MenuItem key={l.g_tasklist_id} value={l.g_tasklist_id}>
            {l.g_tasklist_title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('parentTask')}
        value={chosenParent}
        onChange={(e) => onChange({ ...place, parent: e.target.value ? Number(e.target.value) : null })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('topLevel')}</MenuItem>
        {parents.map((x) => (
          <MenuItem key={x.task_id} value={String(x.task_id)}>
            {x.title}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
