// @vitest-environment jsdom
/**
 * The hostile corpus through the sanitiser, read back as a DOM (jsdom) rather than by pattern:
 * only harmless elements and attributes are left, every URL is http(s)/mailto/tel or an inline
 * raster data: image, no style can fetch or overlay, and the readable line of each mail survives.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_CORPUS, MARKER_HOST, readableLine } from './hostileCorpus';
import { sanitizeMailHtml } from './sanitize';

const SAFE_TAGS = new Set([
  'html',
  'head',
  'body',
  'p',
  'a',
  'b',
  'i',
  'u',
  's',
  'em',
  'strong',
  'br',
  'div',
  'span',
  'img',
  'font',
  'center',
  'small',
  'big',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'col',
  'colgroup',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'hr',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'mark',
  'kbd',
  'samp',
  'var',
  'time',
  'wbr',
  'bdi',
  'bdo',
  'data',
  'dfn',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  'address',
  'article',
  'aside',
  'footer',
  'header',
  'hgroup',
  'main',
  'nav',
  'section',
  'figcaption',
  'figure',
  'menu',
]);
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcset', 'xlink:href', 'cite', 'longdesc', 'usemap'];
const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i;
/** CSS that can fetch, run, or cover the page. */
const UNSAFE_CSS = /url\s*\(|expression|@import|behavior|binding|javascript|position|z-index|\\/i;

function problems(html: string): string[] {
  const found: string[] = [];
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!SAFE_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim();
      if (name.startsWith('on')) found.push(`handler ${name} on <${tag}>`);
      if (URL_ATTRS.includes(name) && !SAFE_URL.test(value) && !(tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(value)))
        found.push(`${name}="${value.slice(0, 40)}" on <${tag}>`);
      if (name === 'style' && UNSAFE_CSS.test(value)) found.push(`style "${value.slice(0, 60)}"`);
    }
  }
  if (html.includes(MARKER_HOST)) found.push('a reference to the marker host');
  return found;
}

describe('sanitizeMailHtml over the hostile corpus', () => {
  it('covers every kind of trick the issue names', () => {
    const ids = HOSTILE_CORPUS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const kind of [
      'script',
      'onerror',
      'onload',
      'ontoggle',
      'onfocus',
      'javascript:',
      'data:text/html',
      '<svg',
      'foreignObject',
      '<animate',
      'expression(',
      '@import',
      'behavior',
      'position:fixed',
      '<form',
      'autofocus',
      '<noscript',
      '<template',
      '<meta',
      '<base',
      '<object',
      '<embed',
      '<iframe',
    ]) {
      expect(
        HOSTILE_CORPUS.some((m) => m.html.includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it.each(HOSTILE_CORPUS.map((m) => [m.id, m] as const))('%s: nothing active survives, the text does', (_id, mail) => {
    for (const images of [false, true]) {
      const out = sanitizeMailHtml(mail.html, { images }).html;
      expect(problems(out)).toEqual([]);
      expect(out).toContain(readableLine(mail.id));
      expect(out).toContain('End of the message.');
    }
  });

  it('the checker itself sees what it must refuse', () => {
    expect(problems('<img src="x" onerror="alert(1)">')).toEqual(['src="x" on <img>', 'handler onerror on <img>']);
    expect(problems('<a href="javascript:alert(1)">x</a><svg></svg>')).toEqual(['href="javascript:alert(1)" on <a>', 'tag <svg>']);
    expect(problems('<div style="position:fixed">x</div><img src="data:image/png;base64,AAAA">')).toEqual(['style "position:fixed"']);
  });
});
