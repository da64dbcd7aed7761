/** Asks before a job is deleted: the delete takes its sales, costs and history with it. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useTranslate } from 'ra-core';

export function ConfirmDelete({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-delete-text">
      <DialogContent>
        <DialogContentText id="confirm-delete-text">{translate('jobs.item.confirmDelete')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('jobs.item.cancel')}</Button>
        <Button color="error" onClick={onConfirm}>
          {translate('jobs.item.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
