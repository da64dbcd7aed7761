/**
 * Says so when someone else saved the open job (the live `job` event, never sent to the one who
 * saved): the form is not reloaded under the user's typing; they choose when to read it again.
 */
import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLiveEvents } from '../../events/liveEvents';

export function SavedElsewhereNotice({ jobId, onReload }: { jobId: number; onReload: () => void }) {
  const translate = useTranslate();
  const [savedElsewhere, setSavedElsewhere] = useState(false);
  useLiveEvents(['job'], (data) => {
    if (data.jobId === jobId) setSavedElsewhere(true);
  });
  if (!savedElsewhere) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            setSavedElsewhere(false);
            onReload();
          }}
        >
          {translate('jobs.item.reloadJob')}
        </Button>
      }
    >
      {translate('jobs.item.savedElsewhere')}
    </Alert>
  );
}
