/**
 * An SMTP transport for one `mailservers` row (system mail, Send to Dext, the mail client's
 * sending): the password is decrypted here only, an OAuth server gets a current access token
 * (renewed when needed: oauthToken.ts), and a dead server fails within seconds.
 */
import nodemailer from 'nodemailer';
import { oauthAccessToken } from './oauthToken';
import { decryptSecret } from './secrets';

export interface SmtpServerRow {
  mailserver_id: number;
  mailserver_host: string;
  mailserver_port: number;
  mailserver_secure: boolean;
  mailserver_user: string | null;
  mailserver_pass: string | null;
  /** 'oauth': XOAUTH2 with the server's access token. */
  mailserver_auth?: 'plain' | 'oauth';
}

/** `db` is the brand database the row came from: a renewed OAuth token is stored there. */
export async function smtpTransport(db: unknown, server: SmtpServerRow) {
  const user = server.mailserver_user;
  let auth: { type: 'OAuth2'; user: string; accessToken: string } | { user: string; pass: string } | undefined;
  if (user && server.mailserver_auth === 'oauth') auth = { type: 'OAuth2', user, accessToken: await oauthAccessToken(db, 'smtp', server.mailserver_id) };
  else if (user) auth = { user, pass: decryptSecret(server.mailserver_pass) ?? '' };
  return nodemailer.createTransport({
    host: server.mailserver_host,
    port: server.mailserver_port,
    secure: server.mailserver_secure,
    auth,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}
