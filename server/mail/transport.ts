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
}

export function smtpTransport(server: SmtpServerRow) {
  return nodemailer.createTransport({
    host: server.mailserver_host,
    port: server.mailserver_port,
    secure: server.mailserver_secure,
    auth: server.mailserver_user ? { user: server.mailserver_user, pass: decryptSecret(server.mailserver_pass) ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}
