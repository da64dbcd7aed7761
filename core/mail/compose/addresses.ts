/**
 * Address checks of the mail composer (SPEC.md point 5), one pure module for the SPA and the
 * server so both give the same messages word for word.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export const ADDRESS_MESSAGES = {
  format: 'Invalid email format!',
  invalidList: 'Invalid email(s): ',
  noValid: 'There is no valid email address!',
  none: 'No address',
} as const;

/** Deliberately plain: one @, no spaces, a dot in the domain; what SMTP servers accept in practice. */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function isValidEmail(address: string): boolean {
  return address.length <= 254 && EMAIL.test(address.trim());
}

/** One typed entry: 'a@b.example' or 'Name <a@b.example>' (quotes around the name allowed). */
export function parseAddress(input: string): MailAddress {
  const text = input.trim();
  const angled = /^(.*)<([^<>]*)>$/.exec(text);
  if (!angled) return { name: '', address: text };
  return {
    name: angled[1]
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
    address: angled[2].trim(),
  };
}

/** Several entries separated by commas, semicolons or new lines (commas inside quotes kept). */
export function parseAddressList(input: string): MailAddress[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of input) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === ',' || ch === ';' || ch === '\n')) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map(parseAddress);
}

/** The message for one typed entry before it becomes a chip, or null when it is fine. */
export function checkAddressInput(input: string): string | null {
  return isValidEmail(parseAddress(input).address) ? null : ADDRESS_MESSAGES.format;
}

export interface Recipients {
  to: readonly MailAddress[];
  cc?: readonly MailAddress[];
  bcc?: readonly MailAddress[];
}

/**
 * The message that stops a send, or null: no recipient at all → 'No address'; none valid →
 * 'There is no valid email address!'; some invalid → 'Invalid email(s): ' and the list.
 */
export function checkRecipients(r: Recipients): string | null {
  const all = [...r.to, ...(r.cc ?? []), ...(r.bcc ?? [])].filter((a) => a.address.trim() !== '');
  if (all.length === 0) return ADDRESS_MESSAGES.none;
  const invalid = all.filter((a) => !isValidEmail(a.address)).map((a) => a.address.trim());
  if (invalid.length === all.length) return ADDRESS_MESSAGES.noValid;
  if (invalid.length) return ADDRESS_MESSAGES.invalidList + invalid.join(', ');
  return null;
}

/** 'Name <address>' or the bare address, for display and for the MIME headers. */
export function formatAddress(a: MailAddress): string {
  return a.name ? `${a.name} <${a.address}>` : a.address;
}

/** Normalises wire input into a clean address list; anything that is not one becomes null. */
export function toAddressList(value: unknown): MailAddress[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: MailAddress[] = [];
  for (const item of value) {
    if (typeof item === 'string') out.push(parseAddress(item));
    else if (item && typeof item === 'object' && typeof (item as MailAddress).address === 'string') {
      const name = (item as MailAddress).name;
      out.push({ name: typeof name === 'string' ? name.trim() : '', address: (item as MailAddress).address.trim() });
    } else return null;
  }
  return out;
}
