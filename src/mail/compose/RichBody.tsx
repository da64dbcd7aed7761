/** The rich text body of BodyEditor.tsx (ra-input-rich-text's tiptap editor), in a chunk of its own. */
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { Form, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { RichTextInput } from 'ra-input-rich-text';
import type { BodyEditorProps } from './BodyEditor';

function WatchBody({ onChange }: { onChange: (html: string) => void }) {
  const value = useWatch({ name: 'body' }) as string | undefined;
  const first = useRef(true);
  const changed = useEffectEvent((html: string) => onChange(html));
  useEffect(() => {
    // The editor's first value is the draft as loaded; only the user's edits are changes.
    if (first.current) {
      first.current = false;
      return;
    }
    changed(value ?? '');
  }, [value]);
  return null;
}

export function RichBody({ html, resetKey, onChange, disabled }: Omit<BodyEditorProps, 'editor'>) {
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
