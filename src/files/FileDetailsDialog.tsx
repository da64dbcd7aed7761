/**
 * One file's details: name, size, type, added, uploaded by, note, relations (when the brand has
 * file.extendWithRelations on), a preview for images, and rename / note editing. Name rules are
 * the server's (core/files/rules.ts), checked here first so the user sees them at once.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useBrand } from '../brand/BrandContext';
import { useFileDate } from './useFileDate';
import { useFilesProvider } from './filesProvider';
import { downloadUrl, formatBytes } from './format';
import { fileNameProblem, MAX_FILE_NOTE } from '../../core/files/rules';
import type { FileRow } from '../../core/files/types';

export function FileDetailsDialog({ file, onClose, onSaved }: { file: FileRow | null; onClose: () => void; onSaved: (row: FileRow) => void }) {
  const translate = useTranslate();
  const brand = useBrand();
  const dateText = useFileDate();
  const [name, setName] = useState(file?.name ?? '');
  const [note, setNote] = useState(file?.note ?? '');
  const provider = useFilesProvider();
  const [saving, setSaving] = useState(false);
  // Another file starts from its own name and note: adjusted while rendering (react.dev, "you
  // might not need an effect"), so the last file's texts are never shown.
  const [shown, setShown] = useState(file);
  if (shown !== file) {
    setShown(file);
    setName(file?.name ?? '');
    setNote(file?.note ?? '');
  }
  // A preview belongs to the file it was asked for (its key); a late answer for another file is not shown.
  const fileId = file?.file_id ?? 0;
  const { data: previewUrl } = useQuery({
    queryKey: ['files', fileId, 'preview'],
    queryFn: ({ signal }) => provider.filePreviewUrl(fileId, signal),
    enabled: !!file?.thumbs.length,
  });
  const preview = file?.thumbs.length ? (previewUrl ?? null) : null;

  if (!file) return null;
  const t = (key: string) => translate(`files.fields.${key}`);
  const nameProblem = fileNameProblem(name);
  const noteProblem = note.length > MAX_FILE_NOTE ? 'validation.max3000' : null;
  const changed = name.trim() !== file.name || (note || null) !== (file.note || null);

  const save = async () => {
    setSaving(true);
    try {
      // null: refused (the http client has shown why); the form keeps what was typed.
      const row = await provider.fileUpdate(file.file_id, { name: name.trim(), note: note || null });
      if (row) onSaved(row);
    } finally {
      setSaving(false);
    }
  };

  const line = (label: string, value: string | null | undefined) => (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2">{value || '—'}</Typography>
    </Stack>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="file-details-title">
      <DialogTitle id="file-details-title">{translate('files.detailsTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {preview && (
            <Box component="img" src={preview} alt={file.name} sx={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain', alignSelf: 'center' }} />
          )}
          <TextField
            label={t('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!nameProblem}
            helperText={nameProblem ? translate(nameProblem) : ' '}
            inputProps={{ maxLength: 200 }}
          />
          <TextField
            label={t('note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            error={!!noteProblem}
            helperText={noteProblem ? translate(noteProblem) : ' '}
          />
          {line(t('group'), translate(`files.groups.${file.f_grp_id}`))}
          {line(t('size'), formatBytes(file.size))}
          {line(t('type'), file.type)}
          {line(t('added'), dateText(file.added))}
          {line(t('uploadedBy'), file.uploaded_by_name)}
          {brand.features.file?.extendWithRelations && file.relations && (
            <>
              {line(t('jobs'), file.relations.jobs.map((j) => j.job_number ?? `#${j.job_id}`).join(', '))}
              {line(t('sites'), file.relations.sites.map((s) => s.js_address).join(', '))}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Link href={downloadUrl(brand.apiUrl, file)} download={file.name} sx={{ mr: 'auto', ml: 2 }}>
          {translate('files.actions.download')}
        </Link>
        <Button onClick={onClose}>{translate('files.actions.close')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !changed || !!nameProblem || !!noteProblem}>
          {translate('files.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
