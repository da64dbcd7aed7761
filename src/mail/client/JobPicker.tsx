/** Chooses a job to link a mail to: a search over POST jobs/filter, one click assigns. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { JobListRow } from '../../../core/jobs/types';
import { searchableText } from '../../../core/lists/search';
import { useJobsProvider } from '../../jobs/jobsProvider';
import { useDebounced } from '../../util/useDebounced';

export function JobPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (job: JobListRow) => void }) {
  const translate = useTranslate();
  const provider = useJobsProvider();
  const [text, setText] = useState('');
  const stext = useDebounced(searchableText(text));
  const { data } = useQuery({
    queryKey: ['jobs', 'picker', stext],
    queryFn: ({ signal }) => provider.jobSheet({ filter: stext ? { stext } : {}, sort: '-created_at', page: 1, perPage: 20 }, signal),
    enabled: open,
    // The last jobs found stay while the next search runs.
    placeholderData: keepPreviousData,
  });
  const jobs = data?.rows ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('mailClient.assign.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          type="search"
          label={translate('mailClient.assign.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={text && !searchableText(text) ? translate('mailClient.minChars') : ' '}
        />
        <List dense>
          {jobs.map((j) => (
            <ListItemButton key={j.job_id} onClick={() => onPick(j)}>
              <ListItemText
                primary={`${j.job_number ?? `#${j.job_id}`} — ${j.job_desc ?? ''}`}
                secondary={[j.co_name, j.js_address].filter(Boolean).join(', ')}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
