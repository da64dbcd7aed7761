/** The stored errors with clear-all; the same view serves the /error-list page and the dialog. */
import { useEffect } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useTranslate } from 'ra-core';
import { useStoreValue } from '../util/createStore';
import { ErrorEntryCard } from './ErrorEntryCard';
import { clearErrors, errorList, reloadErrors } from './errorListStore';

export function ErrorListView() {
  const translate = useTranslate();
  const list = useStoreValue(errorList);
  // Another tab may have added errors since this one read the list.
  useEffect(reloadErrors, []);

  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button startIcon={<DeleteSweepIcon />} color="error" onClick={clearErrors} disabled={list.length === 0}>
          {translate('errorList.clearAll')}
        </Button>
      </Box>
      {list.length === 0 ? <Alert severity="info">{translate('errorList.empty')}</Alert> : list.map((entry) => <ErrorEntryCard key={entry.id} entry={entry} />)}
    </Stack>
  );
}
