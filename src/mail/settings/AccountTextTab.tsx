/**
 * Signatures and templates of one mail account: the same list and editor for both, the content
 * written in the draft page's body editor (the user's `emailEditor` setting picks rich or plain).
 * Empty content is refused here with SPEC.md's words before anything is sent.
 */
import { useState } from 'react';
import { FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useAuth } from '../../auth/authStore';
import { BodyEditor } from '../compose/BodyEditor';
import { settingsApi } from './api';
import { FormButtons, SettingsList } from './SettingsList';
import type { Signature, Template } from './types';
import { useEditing, useSave } from './useEditor';
import { useRows } from './useRows';

/** What the editor holds, whichever kind it is. */
interface TextForm {
  name: string;
  subject: string;
  content: string;
}

interface Kind<Row> {
  /** The API group, naming the list's cache. */
  group: string;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  toForm: (row: Row) => TextForm;
  list: (accountId: number) => Promise<Row[]>;
  save: (id: number | null, form: TextForm, accountId: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  hasSubject: boolean;
  /** i18n keys. */
  contentLabel: string;
  required: string;
  empty: string;
  newTitle: string;
  editTitle: string;
}

const signatureKind: Kind<Signature> = {
  group: 'mailsignatures',
  idOf: (r) => r.ms_id,
  nameOf: (r) => r.ms_name,
  toForm: (r) => ({ name: r.ms_name, subject: '', content: r.ms_signature }),
  list: (id) => settingsApi.signatures.list({ mailaccount_id: id }),
  save: (id, f, accountId) => {
    const body = { mailaccount_id: accountId, ms_name: f.name, ms_signature: f.content };
    return id === null ? settingsApi.signatures.create(body) : settingsApi.signatures.update(id, body);
  },
  remove: (id) => settingsApi.signatures.remove(id),
  hasSubject: false,
  contentLabel: 'mailSettings.fields.signature',
  required: 'mailCompose.errors.signatureRequired',
  empty: 'mailSettings.empty.signatures',
  newTitle: 'mailSettings.titles.newSignature',
  editTitle: 'mailSettings.titles.editSignature',
};

const templateKind: Kind<Template> = {
  group: 'mailtemplates',
  idOf: (r) => r.mtpl_id,
  nameOf: (r) => r.mtpl_name,
  toForm: (r) => ({ name: r.mtpl_name, subject: r.mtpl_subject ?? '', content: r.mtpl_content }),
  list: (id) => settingsApi.templates.list({ mailaccount_id: id }),
  save: (id, f, accountId) => {
    const body = { mailaccount_id: accountId, mtpl_name: f.name, mtpl_subject: f.subject, mtpl_content: f.content };
    return id === null ? settingsApi.templates.create(body) : settingsApi.templates.update(id, body);
  },
  remove: (id) => settingsApi.templates.remove(id),
  hasSubject: true,
  contentLabel: 'mailSettings.fields.template',
  required: 'mailCompose.errors.templateRequired',
  empty: 'mailSettings.empty.templates',
  newTitle: 'mailSettings.titles.newTemplate',
  editTitle: 'mailSettings.titles.editTemplate',
};

/** The server's own test: HTML with nothing left once the tags are gone is empty. */
const isBlankHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

interface EditorProps<Row> {
  kind: Kind<Row>;
  row: Row | null;
  accountId: number;
  onDone: (saved: boolean) => void;
}

function TextEditor<Row>({ kind, row, accountId, onDone }: EditorProps<Row>) {
  const translate = useTranslate();
  const { user } = useAuth();
  const editor = String(user?.settings?.emailEditor ?? 'ckeditor');
  const [form, setForm] = useState<TextForm>(() => (row ? kind.toForm(row) : { name: '', subject: '', content: '' }));
  const [errors, setErrors] = useState<{ name?: string; content?: string }>({});
  const { busy, save: persist } = useSave(onDone);

  const save = async () => {
    const problems = {
      name: form.name.trim() === '' ? translate('validation.required') : undefined,
      content: isBlankHtml(form.content) ? translate(kind.required) : undefined,
    };
    setErrors(problems);
    if (problems.name || problems.content) return;
    await persist(() => kind.save(row ? kind.idOf(row) : null, form, accountId));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate(row ? kind.editTitle : kind.newTitle)}</Typography>
      <TextField
        label={translate('mailSettings.fields.name')}
        value={form.name}
        required
        error={Boolean(errors.name)}
        helperText={errors.name}
        inputProps={{ maxLength: 100 }}
        onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
      />
      {kind.hasSubject && (
        <TextField
          label={translate('mailSettings.fields.subject')}
          value={form.subject}
          inputProps={{ maxLength: 3000 }}
          onChange={(e) => setForm((f) => ({ ...f, subject: e.target.value }))}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {translate(kind.contentLabel)}
      </Typography>
      <BodyEditor editor={editor} html={form.content} resetKey={0} disabled={busy} onChange={(content) => setForm((f) => ({ ...f, content }))} />
      {errors.content && <FormHelperText error>{errors.content}</FormHelperText>}
      <FormButtons busy={busy} onSave={() => void save()} onCancel={() => onDone(false)} />
    </Stack>
  );
}

function AccountTextTab<Row>({ kind, accountId }: { kind: Kind<Row>; accountId: number }) {
  const translate = useTranslate();
  const { rows, reload } = useRows([kind.group, accountId], () => kind.list(accountId));
  const { editing, startNew, startEdit, done } = useEditing<Row>(reload);

  if (editing !== undefined) return <TextEditor key={editing ? kind.idOf(editing) : 'new'} kind={kind} row={editing} accountId={accountId} onDone={done} />;
  return (
    <SettingsList
      rows={rows}
      idOf={kind.idOf}
      nameOf={kind.nameOf}
      emptyText={translate(kind.empty)}
      onAdd={startNew}
      onEdit={startEdit}
      onDelete={async (row) => {
        await kind.remove(kind.idOf(row)).catch(() => undefined);
        await reload();
      }}
    />
  );
}

export const SignaturesTab = ({ accountId }: { accountId: number }) => <AccountTextTab kind={signatureKind} accountId={accountId} />;
export const TemplatesTab = ({ accountId }: { accountId: number }) => <AccountTextTab kind={templateKind} accountId={accountId} />;
