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
import { useEditing, useSave } from './useEditor';
import { useRows } from './useRows';

function FolderEditor({ row, onDone }: { row: MailFolder | null; onDone: (saved: boolean) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(row?.mf_name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const { busy, save: persist } = useSave(onDone);

  const save = async () => {
    if (name.trim() === '') return setNameError(translate('validation.required'));
    setNameError(undefined);
    const body = { mf_name: name.trim() };
    await persist(() => (row ? settingsApi.folders.update(row.mf_id, body) : settingsApi.folders.create(body)));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate(row ? 'mailSettings.titles.editFolder' : 'mailSettings.titles.newFolder')}</Typography>
      <TextField
        label={translate('mailSettings.fields.name')}
        value={name}
        required
        error={Boolean(nameError)}
        helperText={nameError}
        inputProps={{ maxLength: 100 }}
        onChange={(e) => setName(e.target.value)}
      />
      <FormButtons busy={busy} onSave={() => void save()} onCancel={() => onDone(false)} />
    </Stack>
  );
}

export function FoldersTab() {
  const translate = useTranslate();
  const { rows, reload } = useRows(['mailfolders'], () => settingsApi.folders.list());
  const { editing, startNew, startEdit, done } = useEditing<MailFolder>(reload);

  if (editing !== undefined) return <FolderEditor key={editing?.mf_id ?? 'new'} row={editing} onDone={done} />;
  return (
    <SettingsList
      rows={rows}
      idOf={(f) => f.mf_id}
      nameOf={(f) => f.mf_name}
      secondary={(f) => translate('mailSettings.fields.mails', { count: Number(f.mail_count) })}
      emptyText={translate('mailSettings.empty.folders')}
      onAdd={startNew}
      onEdit={startEdit}
      onDelete={async (f) => {
        await settingsApi.folders.remove(f.mf_id).catch(() => undefined);
        await reload();
      }}
    />
  );
}
