/** Chooses a job to link a mail to: a search over POST jobs/filter, one click assigns. */
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../../dataProvider/apiClient';
import type { JobListRow } from '../../../core/jobs/types';
import { searchableText } from '../../../core/lists/search';

const TYPING_MS = 300;

export function JobPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (job: JobListRow) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [jobs, setJobs] = useState<JobListRow[]>([]);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const stext = searchableText(text);
      api<JobListRow[]>('jobs/filter', {
        method: 'POST',
        body: stext ? { stext } : {},
        query: { limit: 20, sort: '-created_at' },
        signal: controller.signal,
        resource: 'jobs',
      })
        .then((res) => setJobs(res?.data ?? []))
        .catch(() => undefined);
    }, TYPING_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text]);
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
