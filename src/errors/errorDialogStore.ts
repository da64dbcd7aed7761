/** Whether the error-list dialog is open; opened from an error notice or the app-bar flag. */
import { createStore } from '../util/createStore';

export const errorDialogOpen = createStore(false);

export const openErrorDialog = () => errorDialogOpen.set(true);
export const closeErrorDialog = () => errorDialogOpen.set(false);
