/** Every hostile construct of the corpus is removed; ordinary mail HTML survives. */
import { describe, expect, it } from 'vitest';
import { HOSTILE_HTML } from '../../seed/mailCorpus';
import { sanitizeMailHtml } from './sanitize';

const clean = (html: string, images = false) => sanitizeMailHtml(html, { images }).html;

describe('sanitizeMailHtml', () => {
  it.each([
    ['script', '<p>a</p><script>alert(1)</script>', /<script|alert/i],
    ['event handler', '<img src="x" onerror="alert(1)"><b onclick="alert(2)">b</b>', /onerror|onclick|alert/i],
    ['javascript: link', '<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>', /javascript|alert/i],
    ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ['svg', '<svg onload="alert(1)"><circle r="1"/><script>alert(2)</script></svg>', /<svg|circle|alert/i],
    ['form', '<form action="https://evil.example"><input name="p"><button>Go</button></form>', /<form|<input|<button|evil/i],
    ['style block with url()', '<style>body{background:url(https://evil.example/a)}</style><p>x</p>', /<style|url\(|evil/i],
    ['style attribute with url()', '<div style="background-image:url(https://evil.example/a);color:red">x</div>', /url\(|evil|background-image/i],
    ['css expression and import', '<div style="width: expression(alert(1))">x</div><div style="color: red; @import \'x\'">y</div>', /expression|@import/i],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>x</p>', /<meta|refresh|evil/i],
    ['iframe, object, embed', '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="y">', /<iframe|<object|<embed|evil/i],
    ['base and link', '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/s.css">', /<base|<link|evil/i],
    ['svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', /data:image\/svg/i],
  ])('removes %s', (_name, dirty, forbidden) => {
    expect(clean(dirty)).not.toMatch(forbidden);
  });

  it('leaves nothing active in the seeded hostile mail', () => {
    const out = clean(HOSTILE_HTML);
    expect(out).not.toMatch(/<script|onerror|onload|javascript:|data:text|<svg|<form|<style|url\(|<meta|<iframe|evil\.example/i);
    expect(out).toContain('attached invoice');
  });

  it('blocks remote images unless asked, and keeps inline data images', () => {
    const html = '<p>Hi</p><img src="https://img.example/a.png" alt="logo"><img src="http://img.example/b.png"><img src="data:image/png;base64,iVBORw0KGgo=">';
    const blocked = sanitizeMailHtml(html, { images: false });
    expect(blocked.imagesBlocked).toBe(2);
    expect(blocked.html).not.toMatch(/src="https?:/);
    expect(blocked.html).not.toContain('img.example');
    expect(blocked.html).toContain('alt="logo"');
    expect(blocked.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    const shown = sanitizeMailHtml(html, { images: true });
    expect(shown.imagesBlocked).toBe(0);
    expect(shown.html).toContain('src="https://img.example/a.png"');
  });

  it('keeps formatting, safe styles and links (opened outside the frame)', () => {
    const out = clean('<table><tr><td style="color: #333; font-weight: bold">Cell</td></tr></table><a href="https://example.com/x">link</a>');
    expect(out).toContain('<td style="color:#333;font-weight:bold">Cell</td>');
    expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">link</a>');
  });
});
