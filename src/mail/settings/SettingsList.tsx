/**
 * The list part of every settings tab: one row per item with edit and delete buttons, an Add
 * button, and a question before deleting. The tab owns the rows and what the buttons do.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';

export interface SettingsListProps<Row> {
  /** null while loading; undefined when loading failed. */
  rows: Row[] | null | undefined;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  /** Shown before the name (a colour swatch). */
  before?: (row: Row) => ReactNode;
  /** Shown under the name (a mail count). */
  secondary?: (row: Row) => ReactNode;
  emptyText: string;
  onAdd: () => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => Promise<void>;
}

export function SettingsList<Row>({ rows, idOf, nameOf, before, secondary, emptyText, onAdd, onEdit, onDelete }: SettingsListProps<Row>) {
  const translate = useTranslate();
  const [asking, setAsking] = useState<Row | null>(null);
  const confirm = async () => {
    const row = asking;
    setAsking(null);
    if (row) await onDelete(row);
  };
  return (
    <Box>
      <Button variant="contained" size="small" onClick={onAdd} sx={{ mb: 1 }}>
        {translate('mailSettings.actions.add')}
      </Button>
      {rows === null && <Typography>{translate('mailSettings.loading')}</Typography>}
      {rows === undefined && <Alert severity="error">{translate('mailSettings.loadFailed')}</Alert>}
      {rows && rows.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {rows && rows.length > 0 && (
        <List dense>
          {rows.map((row) => (
            <ListItem
              key={idOf(row)}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={translate('mailSettings.actions.edit', { name: nameOf(row) })} onClick={() => onEdit(row)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={translate('mailSettings.actions.delete', { name: nameOf(row) })} onClick={() => setAsking(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              {before?.(row)}
              <ListItemText primary={nameOf(row)} secondary={secondary?.(row)} />
            </ListItem>
          ))}
        </List>
      )}
      <Confirm
        isOpen={asking !== null}
        title="mailSettings.actions.delete"
        titleTranslateOptions={{ name: asking ? nameOf(asking) : '' }}
        content="mailSettings.confirm"
        contentTranslateOptions={{ name: asking ? nameOf(asking) : '' }}
        confirm="mailSettings.actions.confirmDelete"
        cancel="mailSettings.actions.cancel"
        confirmColor="warning"
        onClose={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </Box>
  );
}

/** Save and Cancel under an edit form. */
export function FormButtons({ busy, onSave, onCancel }: { busy: boolean; onSave: () => void; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
      <Button variant="contained" disabled={busy} onClick={onSave}>
        {translate('mailSettings.actions.save')}
      </Button>
      <Button disabled={busy} onClick={onCancel}>
        {translate('mailSettings.actions.cancel')}
      </Button>
    </Box>
  );
}
