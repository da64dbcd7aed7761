/**
 * The mail body in a sandboxed frame: no scripts (no allow-scripts), a different origin (no
 * allow-same-origin), links open outside; a CSP inside the document repeats the server's rules.
 */
import { useTranslate } from 'ra-core';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export function frameDocument(html: string | null, text: string | null, images: boolean): string {
  const imgSrc = images ? 'data: https: http:' : 'data:';
  const body = html ?? `<pre style="white-space: pre-wrap; font-family: inherit">${escapeHtml(text ?? '')}</pre>`;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${imgSrc}; style-src 'unsafe-inline'">`,
    '<base target="_blank">',
    '<style>body{font-family:Arial,sans-serif;font-size:14px;margin:8px;word-wrap:break-word}img:not([src]){display:inline-block;min-width:16px;min-height:16px;border:1px dashed #999;color:#777;font-size:11px}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}

export function MailFrame({ html, text, images }: { html: string | null; text: string | null; images: boolean }) {
  const translate = useTranslate();
  return (
    <iframe
      title={translate('mailClient.body')}
      sandbox={FRAME_SANDBOX}
      srcDoc={frameDocument(html, text, images)}
      referrerPolicy="no-referrer"
      style={{ border: 0, width: '100%', flex: 1, minHeight: 400, background: '#fff' }}
    />
  );
}
