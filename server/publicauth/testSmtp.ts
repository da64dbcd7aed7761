/** A real SMTP listener on a loopback port that records what it receives (tests only). */
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** `acceptsOAuthToken`: also offer XOAUTH2 and let in only the access tokens it accepts. */
export interface TestSmtpOptions {
  acceptsOAuthToken?: (user: string, accessToken: string) => boolean;
}

export async function startTestSmtp(opts: TestSmtpOptions = {}): Promise<{
  port: number;
  messages: Received[];
  oauthLogins: string[];
  waitFor: (count: number, ms?: number) => Promise<Received[]>;
  close: () => Promise<void>;
}> {
  const messages: Received[] = [];
  const oauthLogins: string[] = [];
  const accepts = opts.acceptsOAuthToken;
  const server = new SMTPServer({
    authOptional: true,
    ...(accepts && {
      authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
      onAuth(auth, _session, callback) {
        const token = auth.accessToken ?? '';
        oauthLogins.push(token);
        if (auth.method === 'XOAUTH2' && auth.username && accepts(auth.username, token)) return callback(null, { user: auth.username });
        // RFC 7628's failure answer: the client sees a 535 after its empty reply.
        return callback(null, { data: { status: '401', schemes: 'bearer' } });
      },
    }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  async function waitFor(count: number, ms = 5000): Promise<Received[]> {
    const until = Date.now() + ms;
    while (messages.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return messages;
  }
  return { port, messages, oauthLogins, waitFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The reset link's token from a received mail (quoted-printable soft breaks undone). */
export function tokenFromMail(raw: string): string | null {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? null;
}
