/**
 * Local mail folders with their mail counts; shared by every mail account. The server refuses to
 * delete a folder that holds mails: the http client shows its message and the folder stays listed.
 */
import { useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { settingsApi } from './api';
import { FormButtons, SettingsList } from './SettingsList';
import type { MailFolder } from './types';
import { useRows } from './useRows';

function FolderEditor({ row, onDone }: { row: MailFolder | null; onDone: (saved: boolean) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(row?.mf_name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (name.trim() === '') return setNameError(translate('validation.required'));
    setNameError(undefined);
    setBusy(true);
    try {
      const body = { mf_name: name.trim() };
      await (row ? settingsApi.folders.update(row.mf_id, body) : settingsApi.folders.create(body));
      onDone(true);
    } catch {
      // The http client has shown the server's answer (a duplicate name, say); the form stays.
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate(row ? 'mailSettings.titles.editFolder' : 'mailSettings.titles.newFolder')}</Typography>
      <TextField label={translate('mailSettings.fields.name')} value={name} required error={Boolean(nameError)} helperText={nameError} inputProps={{ maxLength: 100 }} onChange={(e) => setName(e.target.value)} />
      <FormButtons busy={busy} onSave={() => void save()} onCancel={() => onDone(false)} />
    </Stack>
  );
}

export function FoldersTab() {
  const translate = useTranslate();
  const { rows, reload } = useRows(() => settingsApi.folders.list(), []);
  // undefined: the list; null: a new folder; a row: renaming that folder.
  const [editing, setEditing] = useState<MailFolder | null | undefined>(undefined);

  if (editing !== undefined) {
    return (
      <FolderEditor
        key={editing?.mf_id ?? 'new'}
        row={editing}
        onDone={(saved) => {
          setEditing(undefined);
          if (saved) void reload();
        }}
      />
    );
  }
  return (
    <SettingsList
      rows={rows}
      idOf={(f) => f.mf_id}
      nameOf={(f) => f.mf_name}
      secondary={(f) => translate('mailSettings.fields.mails', { count: Number(f.mail_count) })}
      emptyText={translate('mailSettings.empty.folders')}
      onAdd={() => setEditing(null)}
      onEdit={setEditing}
      onDelete={async (f) => {
        await settingsApi.folders.remove(f.mf_id).catch(() => undefined);
        await reload();
      }}
    />
  );
}
