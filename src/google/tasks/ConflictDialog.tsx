/**
 * A task changed both here and at Google (SPEC point 4): both versions side by side, and the two
 * choices: accept Google's version, or keep ours and overwrite Google's. Nothing happens without one.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { dueDate, type ResolveChoice, type TaskWire } from '../../../core/google/tasks';
import { useTasksText } from './useTasksText';

export function ConflictDialog({ task, onCancel, onChoose }: { task: TaskWire | null; onCancel: () => void; onChoose: (keep: ResolveChoice) => void }) {
  const t = useTasksText();
  const cloud = task?.cloud ?? null;
  const yesNo = (v: boolean) => (v ? t('yes') : t('no'));
  const rows: [string, string, string][] =
    task && cloud
      ? [
          [t('title'), task.title, cloud.title],
          [t('notes'), task.notes ?? '', cloud.notes ?? ''],
          [t('due'), dueDate(task.due) ?? '', cloud.due ?? ''],
          [t('completed'), yesNo(task.completed), yesNo(cloud.completed)],
        ]
      : [];
  return (
    <Dialog open={task !== null} onClose={onCancel} aria-labelledby="task-conflict-title" aria-describedby="task-conflict-text" fullWidth maxWidth="sm">
      <DialogTitle id="task-conflict-title">{t('conflictTitle', { name: task?.title ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="task-conflict-text">{cloud?.deleted ? t('deletedAtGoogle') : t('conflictText')}</DialogContentText>
        <Table size="small" sx={{ mt: 1, '& td': { wordBreak: 'break-word' } }}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('here')}</TableCell>
              <TableCell>{t('atGoogle')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([label, here, there]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{here}</TableCell>
                <TableCell>{cloud?.deleted ? '—' : there}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button variant="outlined" onClick={() => onChoose('cloud')}>
          {t('keepCloud')}
        </Button>
        <Button variant="contained" onClick={() => onChoose('local')}>
          {t('keepLocal')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
