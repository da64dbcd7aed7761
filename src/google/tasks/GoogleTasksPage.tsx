/**
 * /google/tasks (every task of the user's accounts) and /google/tasklist/{id} (one list's, with
 * "New task"): the Sync button with its progress, a switch to the deleted tasks (to restore them),
 * and the tasks table with its conflict choices.
 */
import { useState } from 'react';
import { Box, Button, FormControlLabel, Link, Stack, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { LoginRequired } from './LoginRequired';
import { TaskDialog } from './TaskDialog';
import { TasksSyncButton } from './TasksSyncButton';
import { TasksTable } from './TasksTable';
import { TASK_LISTS_KEY, TASKS_KEY, useTasksProvider, type TaskChange } from './tasksProvider';
import { useTasksText } from './useTasksText';
import { useUsableAccounts } from './useUsableAccounts';

export function GoogleTasksPage({ title }: PageProps) {
  const t = useTasksText();
  const { id } = useParams();
  const provider = useTasksProvider();
  const queries = useQueryClient();
  const { loaded, usable } = useUsableAccounts();
  const [deleted, setDeleted] = useState(false);
  const [creating, setCreating] = useState(false);
  const lists = useQuery({ queryKey: TASK_LISTS_KEY, queryFn: ({ signal }) => provider.taskLists(signal) });
  const list = id ? lists.data?.find((l) => l.g_tasklist_id === id) : undefined;
  const create = useMutation({
    mutationFn: (change: TaskChange & { title: string }) => provider.taskCreate(id!, change),
    onSettled: () => queries.invalidateQueries({ queryKey: TASKS_KEY }),
  });

  return (
    <PageFrame title={list ? `${title}: ${list.g_tasklist_title}` : title}>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {loaded && usable.length === 0 && <LoginRequired />}
        <TasksSyncButton />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {id && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!list}>
              {t('newTask')}
            </Button>
          )}
          <FormControlLabel control={<Switch checked={deleted} onChange={(e) => setDeleted(e.target.checked)} />} label={t('showDeleted')} />
          <Typography variant="body2" sx={{ ml: 'auto' }}>
            <Link component={RouterLink} to="/google/tasklists">
              {t('lists')}
            </Link>
          </Typography>
        </Box>
        <TasksTable filter={{ ...(id ? { g_tasklist_id: id } : {}), deleted }} showList={!id} />
      </Stack>
      {creating && (
        <TaskDialog
          task={null}
          onCancel={() => setCreating(false)}
          onSave={(change) => {
            setCreating(false);
            void create.mutateAsync(change).catch(() => undefined);
          }}
        />
      )}
    </PageFrame>
  );
}
