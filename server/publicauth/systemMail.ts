/**
 * System mail (password reset links) goes out through the brand's default outgoing server, the
 * `mailservers` row marked `mailserver_is_default`, so each brand sends from its own address.
 */
import type { Kysely } from 'kysely';
import type { BrandDb } from '../db/types';
import { smtpTransport } from '../mail/transport';

interface MailserversTable {
  mailserver_id: number;
  mailserver_name: string;
  mailserver_host: string;
  mailserver_port: number;
  mailserver_secure: boolean;
  mailserver_user: string | null;
  mailserver_pass: string | null;
  mailserver_from: string;
  mailserver_is_default: boolean;
}

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
  /** Where answers go, when not to the brand's own address (a customer's message to the office). */
  replyTo?: string;
}

export class NoSystemMailServer extends Error {
  constructor() {
    super('The brand has no default outgoing mail server (mailservers.mailserver_is_default).');
  }
}

export async function sendSystemMail(db: BrandDb, mail: SystemMail): Promise<void> {
  const server = await (db as unknown as Kysely<{ mailservers: MailserversTable }>)
    .selectFrom('mailservers')
    .selectAll()
    .where('mailserver_is_default', '=', true)
    .executeTakeFirst();
  if (!server) throw new NoSystemMailServer();
  const transport = await smtpTransport(db, server);
  try {
    await transport.sendMail({
      from: server.mailserver_from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    });
  } finally {
    transport.close();
  }
}
