/** A site's notes below its edit form: list, add, edit in place and delete. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ItemPanelProps } from '../resources/itemPanels';
import { noteProblem, useSiteNotesProvider } from './siteNotesProvider';

function NoteEditor({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = tried ? noteProblem(text) : null;
  const submit = async () => {
    setTried(true);
    if (noteProblem(text)) return;
    if (await onSubmit(text)) {
      setText('');
      setTried(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start">
      <TextField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={1}
        fullWidth
        size="small"
        error={!!problem}
        helperText={problem ? translate(problem) : ' '}
      />
      <Button variant="contained" onClick={submit}>
        {submitLabel}
      </Button>
      {onCancel && <Button onClick={onCancel}>{translate('referenceData.cancel')}</Button>}
    </Stack>
  );
}

export function SiteNotesPanel({ id, writable }: ItemPanelProps) {
  const translate = useTranslate();
  const provider = useSiteNotesProvider();
  const jsId = Number(id);
  const { data: notes = [], refetch } = useQuery({
    queryKey: ['jobsites', jsId, 'notes'],
    queryFn: ({ signal }) => provider.siteNotes(jsId, signal),
  });
  const [editing, setEditing] = useState<number | null>(null);

  const done = async (change: Promise<boolean>) => {
    if (!(await change)) return false;
    setEditing(null);
    void refetch();
    return true;
  };
  const title = translate('referenceData.notes');
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        {writable && (
          <NoteEditor
            label={translate('referenceData.newNote')}
            initial=""
            submitLabel={translate('referenceData.addNote')}
            onSubmit={(text) => done(provider.siteNoteAdd(jsId, text))}
          />
        )}
        {notes.length === 0 && <Typography color="text.secondary">{translate('referenceData.noNotes')}</Typography>}
        <List dense>
          {notes.map((note) =>
            editing === note.jsn_id ? (
              <ListItem key={note.jsn_id} disableGutters>
                <NoteEditor
                  label={translate('referenceData.editNote')}
                  initial={note.jsn_note}
                  submitLabel={translate('referenceData.saveNote')}
                  onSubmit={(text) => done(provider.siteNoteUpdate(jsId, note.jsn_id, text))}
                  onCancel={() => setEditing(null)}
                />
              </ListItem>
            ) : (
              <ListItem
                key={note.jsn_id}
                disableGutters
                secondaryAction={
                  writable && (
                    <>
                      <IconButton aria-label={translate('referenceData.editNote')} onClick={() => setEditing(note.jsn_id)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={translate('referenceData.deleteNote')} onClick={() => void done(provider.siteNoteRemove(jsId, note.jsn_id))}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )
                }
              >
                <ListItemText
                  primary={note.jsn_note}
                  secondary={[note.author, note.updated_at ?? note.created_at].filter(Boolean).join(' · ')}
                  sx={{ whiteSpace: 'pre-wrap', pr: 10 }}
                />
              </ListItem>
            ),
          )}
        </List>
      </CardContent>
    </Card>
  );
}
