/**
 * Tasks as a table (title, due, list, job, state), with the actions of each: complete, edit, delete,
 * or, for a deleted one, restore; a task in conflict offers its choice (ConflictDialog). Every
 * action is a button with its own name, so the table works by keyboard and screen reader.
 */
import { useState } from 'react';
import { Alert, Box, Checkbox, Chip, IconButton, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import WarningIcon from '@mui/icons-material/Warning';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dueDate, type ResolveChoice, type TaskWire } from '../../../core/google/tasks';
import { ConflictDialog } from './ConflictDialog';
import { TaskDialog } from './TaskDialog';
import { TASKS_KEY, useTasksProvider, type TaskChange, type TaskFilter } from './tasksProvider';
import { useTasksText } from './useTasksText';

const wide = { display: { xs: 'none', sm: 'table-cell' } };

export function TasksTable({ filter, showList = true }: { filter: TaskFilter; showList?: boolean }) {
  const t = useTasksText();
  const provider = useTasksProvider();
  const queries = useQueryClient();
  const [editing, setEditing] = useState<TaskWire | null>(null);
  const [resolving, setResolving] = useState<TaskWire | null>(null);
  const tasks = useQuery({ queryKey: [...TASKS_KEY, 'filter', filter], queryFn: ({ signal }) => provider.tasksFilter(filter, signal) });
  const refresh = () => queries.invalidateQueries({ queryKey: TASKS_KEY });
  const run = useMutation({ mutationFn: (action: () => Promise<unknown>) => action(), onSettled: refresh });
  const act = (action: () => Promise<unknown>) => void run.mutateAsync(action).catch(() => undefined);
  const rows = tasks.data ?? [];

  return (
    <Box>
      {tasks.isSuccess && rows.length === 0 && <Alert severity="info">{t('noTasks')}</Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('lists')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{t('completed')}</TableCell>
                <TableCell>{t('title')}</TableCell>
                <TableCell>{t('due')}</TableCell>
                {showList && <TableCell sx={wide}>{t('list')}</TableCell>}
                <TableCell sx={wide}>{t('job')}</TableCell>
                <TableCell align="right">{t('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((task) => (
                <TableRow key={task.task_id} hover data-testid={`task-${task.task_id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={task.completed}
                      disabled={task.deleted}
                      onChange={(e) => act(() => provider.taskUpdate(task.task_id, { completed: e.target.checked }))}
                      slotProps={{ input: { 'aria-label': t('complete', { name: task.title }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word', textDecoration: task.completed ? 'line-through' : undefined }}>
                    {task.title}
                    {task.conflict && <Chip size="small" color="warning" icon={<WarningIcon />} label={t('conflict')} sx={{ ml: 1 }} />}
                    {task.dirty && !task.conflict && <Chip size="small" variant="outlined" label={t('pending')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dueDate(task.due) ?? ''}</TableCell>
                  {showList && (
                    <TableCell sx={wide}>
                      <Link component={RouterLink} to={`/google/tasklist/${encodeURIComponent(task.g_tasklist_id)}`}>
                        {task.g_tasklist_title}
                      </Link>
                    </TableCell>
                  )}
                  <TableCell sx={wide}>
                    {task.job_id && (
                      <Link component={RouterLink} to={`/sheet/${task.job_id}`} aria-label={t('openJob', { number: task.job_number ?? task.job_id })}>
                        {task.job_number ?? `#${task.job_id}`}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {task.conflict && (
                      <IconButton color="warning" aria-label={t('resolve', { name: task.title })} onClick={() => setResolving(task)}>
                        <WarningIcon />
                      </IconButton>
                    )}
                    {task.deleted ? (
                      <IconButton aria-label={t('restore', { name: task.title })} onClick={() => act(() => provider.taskRestore(task.task_id))}>
                        <RestoreIcon />
                      </IconButton>
                    ) : (
                      <>
                        <IconButton aria-label={t('editTask', { name: task.title })} onClick={() => setEditing(task)}>
                          <EditIcon />
                        </IconButton>
                        <IconButton aria-label={t('delete', { name: task.title })} onClick={() => act(() => provider.taskDelete(task.task_id))}>
                          <DeleteIcon />
                        </IconButton>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <TaskDialog
          task={editing}
          onCancel={() => setEditing(null)}
          onSave={(change: TaskChange) => {
            const id = editing.task_id;
            setEditing(null);
            act(() => provider.taskUpdate(id, change));
          }}
        />
      )}
      <ConflictDialog
        task={resolving}
        onCancel={() => setResolving(null)}
        onChoose={(keep: ResolveChoice) => {
          const id = resolving!.task_id;
          setResolving(null);
          act(() => provider.taskResolve(id, keep));
        }}
      />
    </Box>
  );
}
