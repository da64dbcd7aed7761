/**
 * Mail HTML made harmless on the server (sanitize-html) before it reaches the sandboxed frame:
 * no scripts, handlers, forms, frames, SVG, <style> blocks, javascript:/data: links or CSS that
 * can fetch (url(), expression(), @import). Remote images become a placeholder unless allowed, so
 * opening a mail tells no sender it was read.
 */
import sanitizeHtml from 'sanitize-html';

/** Inline pictures in the mail itself; SVG is left out (it can carry script). */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
const REMOTE = /^(https?:)?\/\//i;
/** Link targets that lead somewhere from a srcdoc frame; relative ones would resolve against about:srcdoc. */
const LINK = /^(https?:\/\/|mailto:|tel:)/i;
/** A style value without functions, escapes or anything that ends the declaration; colours allowed. */
const SAFE_CSS = [/^[^()\\;{}<>@]*$/, /^(rgba?|hsla?)\([\d\s.,%]+\)$/i];
const STYLE_PROPS = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-align',
  'text-decoration',
  'line-height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-collapse',
  'width',
  'height',
  'max-width',
  'vertical-align',
  'white-space',
  'display',
];
const allowedStyles = Object.fromEntries(STYLE_PROPS.map((p) => [p, SAFE_CSS]));

export interface SanitizedHtml {
  html: string;
  imagesBlocked: number;
}

export function sanitizeMailHtml(dirty: string, opts: { images: boolean }): SanitizedHtml {
  let imagesBlocked = 0;
  const html = sanitizeHtml(dirty, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'span', 'u', 's', 'small', 'big'],
    // Dropped with their content: their text is code or chrome, never the message.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'title',
      'svg',
      'math',
      'iframe',
      'object',
      'embed',
      'template',
      'head',
      'select',
      'xmp',
      'noembed',
      'noframes',
    ],
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': ['style', 'align', 'valign', 'width', 'height', 'title', 'dir', 'lang', 'bgcolor', 'colspan', 'rowspan', 'border', 'cellpadding', 'cellspacing'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt'],
      font: ['color', 'face', 'size'],
    },
    allowedStyles: { '*': allowedStyles },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action'],
    transformTags: {
      a: (tagName, { href, ...attribs }) => ({
        tagName,
        attribs: { ...attribs, ...(href && LINK.test(href.trim()) ? { href: href.trim() } : {}), target: '_blank', rel: 'noopener noreferrer' },
      }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        if (DATA_IMAGE.test(src)) return { tagName, attribs: { ...attribs, src } };
        const { src: _src, ...rest } = attribs;
        void _src;
        if (REMOTE.test(src) && opts.images) return { tagName, attribs: { ...rest, src } };
        if (REMOTE.test(src)) {
          imagesBlocked += 1;
          return { tagName, attribs: { ...rest, alt: rest.alt || '[image]' } };
        }
        // cid: parts, file:, data: of other types: nothing to show safely.
        return { tagName, attribs: { ...rest, alt: rest.alt || '[image]' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src && !frame.attribs.alt,
  });
  return { html, imagesBlocked };
}
