/**
 * The mail body in the editor the user chose in settings (`emailEditor`): 'ckeditor' is the rich
 * text editor (ra-input-rich-text's), anything else the simpler plain-text editor. Both hand back
 * HTML. `resetKey` changes when the body is replaced from outside (template, signature, reload).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CircularProgress, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { htmlToText, textToHtml } from '../../../core/mail/compose/plainText';

// The rich text editor (tiptap, through ra-input-rich-text) loads when a user who chose it opens one.
const RichBody = lazy(() => import('./RichBody').then((m) => ({ default: m.RichBody })));

export interface BodyEditorProps {
  editor: string;
  html: string;
  resetKey: number;
  onChange: (html: string) => void;
  disabled?: boolean;
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
  const translate = useTranslate();
  if (editor !== 'ckeditor') return <PlainBody {...rest} />;
  return (
    <Suspense fallback={<CircularProgress aria-label={translate('mailCompose.page.body')} />}>
      <RichBody {...rest} />
    </Suspense>
  );
}
