/** Mail tags: a name and a colour, shown as a swatch in the list; shared by every mail account. */
import { useState } from 'react';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { settingsApi } from './api';
import { FormButtons, SettingsList } from './SettingsList';
import type { MailTag } from './types';
import { useEditing, useSave } from './useEditor';
import { useRows } from './useRows';

/** Quick picks; the colour field takes any other colour. */
const PRESETS = ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c', '#0288d1', '#1976d2', '#7b1fa2', '#616161'] as const;
const DEFAULT_COLOR = '#1976d2';

export function ColorSwatch({ color, size = 18 }: { color: string | null; size?: number }) {
  const translate = useTranslate();
  return (
    <Box
      component="span"
      role="img"
      aria-label={translate('mailSettings.fields.colorOf', { color: color ?? '-' })}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        mr: 1.5,
        borderRadius: '50%',
        border: 1,
        borderColor: 'divider',
        bgcolor: color ?? 'transparent',
      }}
    />
  );
}

function TagEditor({ row, onDone }: { row: MailTag | null; onDone: (saved: boolean) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(row?.mt_name ?? '');
  const [color, setColor] = useState(row?.mt_color ?? DEFAULT_COLOR);
  const [nameError, setNameError] = useState<string | undefined>();
  const { busy, save: persist } = useSave(onDone);

  const save = async () => {
    if (name.trim() === '') return setNameError(translate('validation.required'));
    setNameError(undefined);
    const body = { mt_name: name.trim(), mt_color: color.toLowerCase() };
    await persist(() => (row ? settingsApi.tags.update(row.mt_id, body) : settingsApi.tags.create(body)));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate(row ? 'mailSettings.titles.editTag' : 'mailSettings.titles.newTag')}</Typography>
      <TextField
        label={translate('mailSettings.fields.name')}
        value={name}
        required
        error={Boolean(nameError)}
        helperText={nameError}
        inputProps={{ maxLength: 100 }}
        onChange={(e) => setName(e.target.value)}
      />
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField label={translate('mailSettings.fields.color')} type="color" value={color} onChange={(e) => setColor(e.target.value)} sx={{ width: 120 }} />
        <ColorSwatch color={color} size={28} />
      </Stack>
      <Stack direction="row" spacing={0.5} flexWrap="wrap">
        {PRESETS.map((c) => (
          <Box
            key={c}
            component="button"
            type="button"
            aria-label={translate('mailSettings.fields.pickColor', { color: c })}
            onClick={() => setColor(c)}
            sx={{
              width: 24,
              height: 24,
              borderRadius: '50%',
              cursor: 'pointer',
              bgcolor: c,
              border: 2,
              borderColor: c === color.toLowerCase() ? 'text.primary' : 'transparent',
            }}
          />
        ))}
      </Stack>
      <FormButtons busy={busy} onSave={() => void save()} onCancel={() => onDone(false)} />
    </Stack>
  );
}

export function TagsTab() {
  const translate = useTranslate();
  const { rows, reload } = useRows(['mailtags'], () => settingsApi.tags.list());
  const { editing, startNew, startEdit, done } = useEditing<MailTag>(reload);

  if (editing !== undefined) return <TagEditor key={editing?.mt_id ?? 'new'} row={editing} onDone={done} />;
  return (
    <SettingsList
      rows={rows}
      idOf={(t) => t.mt_id}
      nameOf={(t) => t.mt_name}
      before={(t) => <ColorSwatch color={t.mt_color} />}
      emptyText={translate('mailSettings.empty.tags')}
      onAdd={startNew}
      onEdit={startEdit}
      onDelete={async (t) => {
        await settingsApi.tags.remove(t.mt_id).catch(() => undefined);
        await reload();
      }}
    />
  );
}
