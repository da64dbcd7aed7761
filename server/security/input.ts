/**
 * Input that PostgreSQL or a recursive walk cannot take is refused at the door with the envelope's
 * 400, before any handler sees it:
 *
 * - a NUL byte (U+0000) anywhere in the URL (`%00` in a path id or a query value) or in a JSON
 *   string: PostgreSQL's text types cannot hold it and refuse the whole statement;
 * - JSON nested deeper than MAX_JSON_DEPTH arrays or objects (no body of this API needs more than
 *   a handful; thousands of levels overflow any recursive walk of the value).
 *
 * Both checks cost a scan of what is there only when it can be there: the URL is searched for
 * '%00', a JSON text for the escape `\u0000` (a raw NUL is not valid JSON) and its nesting is
 * counted only when the text is long enough to be that deep.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from '../envelope/errors';

export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, stopping once past `limit`. */
export function jsonDepthOver(text: string, limit: number): boolean {
  if (text.length <= limit * 2) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** The path ('a.b.0') of the first string or key holding a NUL, or null. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return path || 'body';
    const found = nulPath((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** Field name for the answer: the top-level key, which is what the wire's `details` names. */
const topField = (path: string) =>
  path
    .split('.')[0]
    .replace(/\u0000/g, '')
    .slice(0, 60) || 'body';

/** Checks a JSON text before it is parsed (depth) and after (NUL bytes); throws the envelope's 400. */
export function checkJsonText(text: string): void {
  if (jsonDepthOver(text, MAX_JSON_DEPTH)) throw invalidField('body');
}

export function checkJsonValue(text: string, value: unknown): void {
  if (!text.includes('\\u0000')) return;
  const path = nulPath(value);
  if (path) throw invalidField(topField(path));
}

/** Refuses a `%00` anywhere in the URL (path or query). */
export function registerUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    if (req.url.includes('%00')) throw invalidField('url');
    done();
  });
}
