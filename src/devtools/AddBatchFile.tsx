/** The form that stores a new SQL batch file. */
import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import type { BatchFile, SqlFileType } from '../../core/devtools/sqlTypes';

export function AddBatchFile({ onAdded }: { onAdded: (file: BatchFile) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [type, setType] = useState<SqlFileType>('site_n');
  const [text, setText] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const res = await api<BatchFile>('dev/batchfiles/create', { method: 'POST', body: { bf_name: name, se_type: type, bf_sql: text } }).catch(() => undefined);
    if (res?.data) {
      onAdded(res.data);
      setName('');
      setText('');
    }
  }

  const t = (key: string) => translate(`devTools.sql.${key}`);
  return (
    <Stack component="form" spacing={1.5} onSubmit={onSubmit} aria-label={t('addFile')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          label={t('name')}
          name="bf_name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          sx={{ flex: { sm: 1 }, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 160 } }}
        />
        <TextField
          select
          size="small"
          label={t('type')}
          name="se_type"
          value={type}
          onChange={(e) => setType(e.target.value as SqlFileType)}
          // The theme makes form controls full width: a fixed width in a row leaves the name its room.
          sx={{ width: { xs: '100%', sm: 140 }, flexShrink: 0 }}
        >
          <MenuItem value="site_n">site_n</MenuItem>
          <MenuItem value="global">global</MenuItem>
        </TextField>
      </Stack>
      <TextField
        label={t('sql')}
        name="bf_sql"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        required
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Button type="submit" variant="outlined" disabled={!name.trim() || !text.trim()} sx={{ alignSelf: 'flex-start' }}>
        {t('addFile')}
      </Button>
    </Stack>
  );
}
