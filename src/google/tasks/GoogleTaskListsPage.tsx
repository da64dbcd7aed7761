/**
 * /google/tasklists: the user's task lists (of every selected account), each opening its tasks,
 * with rename and delete (asked first); "New list" makes one at Google in the chosen account.
 */
import { useState } from 'react';
import { Alert, Box, Button, IconButton, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskListWire } from '../../../core/google/tasks';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { ListNameDialog } from './ListNameDialog';
import { LoginRequired } from './LoginRequired';
import { TasksSyncButton } from './TasksSyncButton';
import { TASKS_KEY, TASK_LISTS_KEY, useTasksProvider } from './tasksProvider';
import { useTasksText } from './useTasksText';
import { useUsableAccounts } from './useUsableAccounts';

export function GoogleTaskListsPage({ title }: PageProps) {
  const t = useTasksText();
  const provider = useTasksProvider();
  const queries = useQueryClient();
  const { loaded, usable } = useUsableAccounts();
  const [chosen, setChosen] = useState<number | null>(null);
  const gaId = usable.find((a) => a.ga_id === chosen)?.ga_id ?? usable[0]?.ga_id ?? null;
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TaskListWire | null>(null);
  const [deleting, setDeleting] = useState<TaskListWire | null>(null);
  const lists = useQuery({ queryKey: TASK_LISTS_KEY, queryFn: ({ signal }) => provider.taskLists(signal) });
  const run = useMutation({ mutationFn: (action: () => Promise<unknown>) => action(), onSettled: () => queries.invalidateQueries({ queryKey: TASKS_KEY }) });
  const act = (action: () => Promise<unknown>) => void run.mutateAsync(action).catch(() => undefined);
  const shown = (lists.data ?? []).filter((l) => usable.some((a) => a.ga_id === l.ga_id));
  const emailOf = (id: number) => usable.find((a) => a.ga_id === id)?.email ?? '';

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        {loaded && gaId === null && <LoginRequired />}
        <TasksSyncButton />
        {gaId !== null && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <TextField
              select
              size="small"
              label={t('account')}
              value={gaId}
              onChange={(e) => setChosen(Number(e.target.value))}
              sx={{ minWidth: 240, maxWidth: '100%' }}
            >
              {usable.map((a) => (
                <MenuItem key={a.ga_id} value={a.ga_id}>
                  {a.email ?? a.name ?? String(a.ga_id)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('newList')}
            </Button>
            <Link component={RouterLink} to="/google/tasks" sx={{ ml: 'auto' }}>
              {t('allLists')}
            </Link>
          </Box>
        )}
        {lists.isSuccess && shown.length === 0 && <Alert severity="info">{t('noLists')}</Alert>}
        <List aria-label={t('lists')}>
          {shown.map((l) => (
            <ListItem
              key={l.g_tasklist_id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={t('rename', { name: l.g_tasklist_title })} onClick={() => setRenaming(l)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton aria-label={t('deleteList', { name: l.g_tasklist_title })} onClick={() => setDeleting(l)}>
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                sx={{ pr: 10, wordBreak: 'break-word' }}
                primary={
                  <Link component={RouterLink} to={`/google/tasklist/${encodeURIComponent(l.g_tasklist_id)}`}>
                    {l.g_tasklist_title}
                  </Link>
                }
                secondary={`${t('taskCount', { count: l.task_count })}${usable.length > 1 ? ` · ${emailOf(l.ga_id)}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      </Stack>
      {creating && gaId !== null && (
        <ListNameDialog
          heading={t('newList')}
          initial=""
          onCancel={() => setCreating(false)}
          onSave={(name) => {
            setCreating(false);
            act(() => provider.taskListCreate(gaId, name));
          }}
        />
      )}
      {renaming && (
        <ListNameDialog
          heading={t('rename', { name: renaming.g_tasklist_title })}
          initial={renaming.g_tasklist_title}
          onCancel={() => setRenaming(null)}
          onSave={(name) => {
            const id = renaming.g_tasklist_id;
            setRenaming(null);
            act(() => provider.taskListRename(id, name));
          }}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title="google.tasks.deleteListTitle"
        titleTranslateOptions={{ name: deleting?.g_tasklist_title ?? '' }}
        content="google.tasks.deleteListText"
        confirm="google.tasks.confirm"
        cancel="google.tasks.cancel"
        confirmColor="warning"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting!.g_tasklist_id;
          setDeleting(null);
          act(() => provider.taskListDelete(id));
        }}
      />
    </PageFrame>
  );
}
