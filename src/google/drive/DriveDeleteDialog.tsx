/** The question before a Drive file goes to the trash (Cancel is focused, so Enter does not delete by accident). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DriveFile } from '../../../core/google/drive';

export function DriveDeleteDialog({ file, onCancel, onConfirm }: { file: DriveFile | null; onCancel: () => void; onConfirm: (file: DriveFile) => void }) {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`google.drive.${k}`, opts);
  return (
    <Dialog open={file !== null} onClose={onCancel} aria-labelledby="drive-delete-title" aria-describedby="drive-delete-text">
      <DialogTitle id="drive-delete-title">{t('confirmTitle', { name: file?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="drive-delete-text">{t('confirmText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => file && onConfirm(file)}>
          {t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
