/** Reading a request and writing an answer the way OAuth endpoints do (RFC 6749 section 5: JSON, no-store). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export const isForm = (req: IncomingMessage): boolean => req.headers['content-type']?.split(';')[0].trim() === 'application/x-www-form-urlencoded';

export function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers }).end(JSON.stringify(body));
}

/** An OAuth error answer; invalid_client at 401 carries the challenge RFC 6749 asks for. */
export function answerError(res: ServerResponse, status: number, error: string, description?: string): void {
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : {};
  answerJson(res, status, description ? { error, error_description: description } : { error }, headers);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' }).end();
}

/** The client's credentials from HTTP Basic (RFC 6749 2.3.1: each part form-url-encoded) or from the form. */
export function clientCredentials(req: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null; both: boolean } {
  const header = req.headers.authorization;
  const basic = header?.match(/^Basic\s+(.+)$/i);
  const fromForm = { id: form.get('client_id'), secret: form.get('client_secret') };
  if (!basic) return { ...fromForm, both: false };
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  const unescape = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  const id = at < 0 ? unescape(decoded) : unescape(decoded.slice(0, at));
  const secret = at < 0 ? null : unescape(decoded.slice(at + 1));
  // A client uses one method; both at once is refused (RFC 6749 2.3).
  return { id, secret, both: fromForm.secret !== null };
}
