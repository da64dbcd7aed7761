/** A live update stream as a browser holds it: GET /api/events on a listening server, its events collected. */
import http from 'node:http';

export interface ReceivedEvent {
  name: string;
  data: Record<string, unknown>;
}

export interface OpenStream {
  status: number;
  contentType: string;
  events: ReceivedEvent[];
  /** Resolves with the first event (from the start of the stream) the test waits for; rejects after `ms`. */
  next: (match: (e: ReceivedEvent) => boolean, ms?: number) => Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

export function openStream(baseUrl: string, host: string, cookie?: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { host, accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } }, (res) => {
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data) events.push({ name, data: JSON.parse(data) as Record<string, unknown> });
        }
        for (const w of waiters) w();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const next = (match: (e: ReceivedEvent) => boolean, ms = 5000) =>
        new Promise<ReceivedEvent>((found, fail) => {
          const check = () => {
            const hit = events.find(match);
            if (!hit) return;
            waiters.delete(check);
            clearTimeout(timer);
            found(hit);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
          }, ms);
          waiters.add(check);
          check();
        });
      resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), events, next, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}
