/** A task list's name, to make a list or rename one. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTasksText } from './useTasksText';

export function ListNameDialog({
  heading,
  initial,
  onCancel,
  onSave,
}: {
  heading: string;
  initial: string;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const t = useTasksText();
  const [name, setName] = useState(initial);
  const valid = name.trim() !== '';
  return (
    <Dialog open onClose={onCancel} aria-labelledby="list-name-title" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onSave(name.trim());
        }}
      >
        <DialogTitle id="list-name-title">{heading}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('listName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
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
