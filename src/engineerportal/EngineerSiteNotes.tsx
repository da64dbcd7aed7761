/**
 * The site of the engineer's job: its other notes (editable) and the site notes, newest first.
 * Everyone's notes are shown; the engineer adds notes and deletes their own (the server refuses
 * any other).
 */
import { useState } from 'react';
import { Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENGINEER_KEY, useEngineerProvider } from './engineerProvider';
import type { EngineerSiteNote } from '../../core/engineerportal/types';

const NO_NOTES: EngineerSiteNote[] = [];

export function EngineerSiteNotes({ jsId }: { jsId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`engineerPortal.site.${key}`, opts);
  const provider = useEngineerProvider();
  const queryClient = useQueryClient();
  const { data: site } = useQuery({ queryKey: [ENGINEER_KEY, 'site', jsId], queryFn: ({ signal }) => provider.engineerSite(jsId, signal) });
  const notesKey = [ENGINEER_KEY, 'sitenotes', jsId];
  const { data: notes = NO_NOTES } = useQuery({ queryKey: notesKey, queryFn: ({ signal }) => provider.engineerSiteNotes(jsId, signal) });
  // What the engineer typed, else the site's stored text.
  const [typed, setOtherNotes] = useState<string | null>(null);
  const otherNotes = typed ?? site?.js_other_notes ?? '';
  const [draft, setDraft] = useState('');
  const loadNotes = () => void queryClient.invalidateQueries({ queryKey: notesKey });

  const saveOther = () => void provider.engineerSaveOtherNotes(jsId, otherNotes).catch(() => undefined);
  const add = () =>
    void provider
      .engineerAddSiteNote(jsId, draft)
      .then((made) => {
        if (!made) return;
        setDraft('');
        loadNotes();
      })
      .catch(() => undefined);
  const remove = (id: number) =>
    void provider
      .engineerDeleteSiteNote(jsId, id)
      .then(loadNotes)
      .catch(() => undefined);

  return (
    <Stack spacing={2} component="section" aria-label={t('title')}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('otherNotes')}
          value={otherNotes}
          onChange={(e) => setOtherNotes(e.target.value)}
          multiline
          minRows={2}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 3000 } }}
        />
        <Button onClick={saveOther}>{t('saveOtherNotes')}</Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('newNote')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 3000 } }}
        />
        <Button disabled={!draft.trim()} onClick={add}>
          {t('addNote')}
        </Button>
      </Stack>
      <List dense aria-label={t('notes')}>
        {notes.length === 0 && <ListItem>{t('noNotes')}</ListItem>}
        {notes.map((n) => (
          <ListItem
            key={n.jsn_id}
            secondaryAction={
              n.mine ? (
                <Button size="small" color="error" onClick={() => remove(n.jsn_id)} aria-label={t('deleteNote', { note: n.jsn_note.slice(0, 40) })}>
                  {t('delete')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={n.jsn_note} secondary={`${n.author ?? '—'} · ${n.created_at.slice(0, 16)}`} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
