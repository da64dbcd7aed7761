import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './plainText';

describe('plain text editor conversions', () => {
  it('turns HTML into readable text and typed text into safe HTML', () => {
    expect(htmlToText('<p>Hello <b>Ann</b></p><p>a &lt; b<br>next</p><script>x()</script>')).toBe('Hello Ann\na < b\nnext');
    expect(textToHtml('Hi <Ann>\nline two\n\nBye')).toBe('<p>Hi &lt;Ann&gt;<br>line two</p><p>Bye</p>');
    expect(textToHtml('  ')).toBe('');
  });
});
