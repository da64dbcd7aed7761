/**
 * A reply, reply-all or forward draft starts from the mail it answers: recipients, 'Re: ' or
 * 'Fwd: ' subject, and the quoted body (sanitised: the quoted HTML is the sender's, not ours).
 * Remote images of the quote stay blocked as in the reading pane (a placeholder, no address to
 * load) unless the user chose to show them for that mail: the editor would otherwise fetch them
 * and tell the sender the mail was read.
 */
import type { Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { composeText } from '../../../../core/mail/compose/messages';
import type { Address, MailsTable } from '../../tables';
import type { ReplyMode } from '../tables';

type MailRow = Selectable<MailsTable>;

export interface Prefill {
  mdraft_to_arr: Address[];
  mdraft_cc_arr: Address[];
  mdraft_subject: string;
  mdraft_html: string;
}

const RE = /^\s*re\s*:/i;
const FWD = /^\s*(fwd?|fw)\s*:/i;
/** An address a browser would fetch from another host (absolute or protocol-relative). */
const REMOTE = /^\s*(https?:)?\/\//i;

export function prefixSubject(subject: string | null, mode: ReplyMode): string {
  const s = (subject ?? '').trim();
  if (mode === 'forward') return FWD.test(s) ? s : `Fwd: ${s}`;
  return RE.test(s) ? s : `Re: ${s}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Unique by address (case-insensitive), without the account's own addresses. */
function others(list: readonly Address[], own: ReadonlySet<string>): Address[] {
  const seen = new Set(own);
  const out: Address[] = [];
  for (const a of list) {
    const key = a.address.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

const label = (a: Address | null) => (a ? (a.name ? `${a.name} <${a.address}>` : a.address) : '');
const when = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '');

function quotedBody(mail: MailRow, images: boolean): string {
  if (mail.mail_html) {
    return sanitizeHtml(mail.mail_html, {
      allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']),
      allowedSchemes: ['http', 'https', 'mailto', 'cid'],
      transformTags: {
        img: (tagName, attribs) => {
          if (images) return { tagName, attribs };
          const { src, srcset: _srcset, ...rest } = attribs;
          if (src !== undefined && !REMOTE.test(src)) return { tagName, attribs: { ...rest, src } };
          return { tagName, attribs: { ...rest, alt: rest.alt || '[image]' } };
        },
      },
    });
  }
  return escapeHtml(mail.mail_text ?? '').replace(/\r?\n/g, '<br>');
}

export function prefillFrom(mail: MailRow, mode: ReplyMode, ownAddresses: readonly string[], opts: { images?: boolean } = {}): Prefill {
  const own = new Set(ownAddresses.map((a) => a.toLowerCase()));
  const from = mail.mail_from ? [mail.mail_from] : [];
  let to: Address[] = [];
  let cc: Address[] = [];
  // Answering a mail this account sent goes back to its recipients, not to ourselves.
  if (mode === 'reply') to = others(from, own).length ? others(from, own) : others(mail.mail_to_arr, own);
  if (mode === 'replyAll') {
    to = others([...from, ...mail.mail_to_arr], own);
    const toKeys = new Set(to.map((a) => a.address.toLowerCase()));
    cc = others(mail.mail_cc_arr, new Set([...own, ...toKeys]));
  }
  const q = (k: string, p: Record<string, string> = {}) => escapeHtml(composeText(`quote.${k}`, p));
  const header =
    mode === 'forward'
      ? `<p>${q('forwarded')}<br>${q('from')}: ${escapeHtml(label(mail.mail_from))}<br>${q('date')}: ${escapeHtml(when(mail.mail_date))}<br>${q('subject')}: ${escapeHtml(mail.mail_subject ?? '')}<br>${q('to')}: ${escapeHtml(mail.mail_to_arr.map(label).join(', '))}</p>`
      : `<p>${q('wrote', { date: when(mail.mail_date), name: label(mail.mail_from) })}</p>`;
  return {
    mdraft_to_arr: to,
    mdraft_cc_arr: cc,
    mdraft_subject: prefixSubject(mail.mail_subject, mode),
    mdraft_html: `<p></p>${header}<blockquote>${quotedBody(mail, opts.images === true)}</blockquote>`,
  };
}
