/**
 * The mail body in the editor the user chose in settings (`emailEditor`): 'ckeditor' is the rich
 * text editor (ra-input-rich-text's), anything else the simpler plain-text editor. Both hand back
 * HTML. `resetKey` changes when the body is replaced from outside (template, signature, reload).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { TextField } from '@mui/material';
import { Form, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { RichTextInput } from 'ra-input-rich-text';
import { htmlToText, textToHtml } from '../../../core/mail/compose/plainText';

export interface BodyEditorProps {
  editor: string;
  html: string;
  resetKey: number;
  onChange: (html: string) => void;
  disabled?: boolean;
}

function WatchBody({ onChange }: { onChange: (html: string) => void }) {
  const value = useWatch({ name: 'body' }) as string | undefined;
  const first = useRef(true);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    // The editor's first value is the draft as loaded; only the user's edits are changes.
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current(value ?? '');
  }, [value]);
  return null;
}

function RichBody({ html, resetKey, onChange, disabled }: Omit<BodyEditorProps, 'editor'>) {
  const translate = useTranslate();
  // ra-core's Form resets its values whenever the record object changes: a new object on every
  // render would reset the editor under the user's typing and drop keystrokes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const record = useMemo(() => ({ body: html }), [resetKey]);
  return (
    <Form key={resetKey} record={record} noValidate>
      <RichTextInput source="body" label={translate('mailCompose.page.body')} fullWidth disabled={disabled} />
      <WatchBody onChange={onChange} />
    </Form>
  );
}

function PlainBody({ html, resetKey, onChange, disabled }: Omit<BodyEditorProps, 'editor'>) {
  const translate = useTranslate();
  const [text, setText] = useState(() => htmlToText(html));
  const shown = useRef(resetKey);
  useEffect(() => {
    if (shown.current !== resetKey) {
      shown.current = resetKey;
      setText(htmlToText(html));
    }
  }, [resetKey, html]);
  return (
    <TextField
      label={translate('mailCompose.page.body')}
      multiline
      minRows={12}
      fullWidth
      disabled={disabled}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(textToHtml(e.target.value));
      }}
    />
  );
}

export function BodyEditor({ editor, ...rest }: BodyEditorProps) {
  return editor === 'ckeditor' ? <RichBody {...rest} /> : <PlainBody {...rest} />;
}
