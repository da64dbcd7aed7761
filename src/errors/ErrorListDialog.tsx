/** The error list over any page, opened by an error notice or the app-bar flag. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useStoreValue } from '../util/createStore';
import { closeErrorDialog, errorDialogOpen } from './errorDialogStore';
import { ErrorListView } from './ErrorListView';

export function ErrorListDialog() {
  const translate = useTranslate();
  const open = useStoreValue(errorDialogOpen);
  return (
    <Dialog open={open} onClose={closeErrorDialog} fullWidth maxWidth="md" aria-labelledby="error-list-dialog-title">
      <DialogTitle id="error-list-dialog-title">{translate('errorList.title')}</DialogTitle>
      <DialogContent dividers>
        <ErrorListView />
      </DialogContent>
      <DialogActions>
        <Button onClick={closeErrorDialog}>{translate('errorList.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
