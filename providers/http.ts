/** The few node:http helpers every part of the provider server shares. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export function send(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  // Bytes go out as they are (a Drive download names its own content type).
  if (Buffer.isBuffer(answer.body)) {
    headers['content-type'] ??= 'application/octet-stream';
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers).end(answer.body);
    return;
  }
  // A string body goes out as text (Xero's 404 is plain text); anything else as JSON.
  const text = typeof answer.body === 'string';
  headers['content-type'] ??= text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  res.writeHead(answer.status, headers).end(text ? answer.body : JSON.stringify(answer.body));
}

/** A JSON body, or undefined for an empty one; throws SyntaxError on malformed JSON. */
export function parseJson(text: string): unknown {
  return text.trim() === '' ? undefined : JSON.parse(text);
}
