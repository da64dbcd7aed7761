/**
 * An SMTP transport for one `mailservers` row (system mail, Send to Dext, the mail client's
 * sending): the password is decrypted here only, and a dead server fails within seconds.
 */
import nodemailer from 'nodemailer';
import { decryptSecret } from './secrets';

export interface SmtpServerRow {
  mailserver_host: string;
  mailserver_port: number;
  mailserver_secure: boolean;
  mailserver_user: string | null;
  mailserver_pass: string | null;
  /** 'oauth': the stored secret is an access token (XOAUTH2). */
  mailserver_auth?: 'plain' | 'oauth';
}

export function smtpTransport(server: SmtpServerRow) {
  const secret = decryptSecret(server.mailserver_pass) ?? '';
  const user = server.mailserver_user;
  return nodemailer.createTransport({
    host: server.mailserver_host,
    port: server.mailserver_port,
    secure: server.mailserver_secure,
    auth: user ? (server.mailserver_auth === 'oauth' ? { type: 'OAuth2' as const, user, accessToken: secret } : { user, pass: secret }) : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}
