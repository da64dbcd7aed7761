/** A yes/no question before a delete. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useTranslate } from 'ra-core';

export function ConfirmDialog({ open, text, onConfirm, onCancel }: { open: boolean; text: string; onConfirm: () => void; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-describedby="files-confirm-text">
      <DialogContent>
        <DialogContentText id="files-confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('files.actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {translate('files.actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
