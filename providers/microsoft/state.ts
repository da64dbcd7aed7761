/**
 * What the fake Graph remembers, in memory: one mailbox per user, keyed by the user's object id
 * (`oid`, what `/users/{user-id}` names and what `/me` resolves to). `mailboxes` is a plain object
 * map on purpose: the mail handlers (folders, messages, delta, sendMail; mounted with
 * `registerMicrosoftMailRoutes`) keep their own state on a mailbox under `mailbox.mailState`.
 */
import { randomUUID } from 'node:crypto';

/** The sandbox's one directory tenant (Graph's `tid`). */
export const SANDBOX_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

export interface GraphCall {
  at: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
}

export interface GraphMailbox {
  /** The user's object id (`oid`). */
  id: string;
  tenantId: string;
  /** The authorization server's subject for this user (its `login_hint`). */
  subject: string;
  mail: string;
  displayName: string;
  userPrincipalName: string;
  calls: GraphCall[];
  /** The mail handlers' own state of this mailbox (folders, messages, change logs): theirs to shape. */
  mailState: Record<string, unknown>;
}

export class MicrosoftState {
  /** Mailboxes by user id (`oid`). */
  readonly mailboxes: Record<string, GraphMailbox> = {};
  /** The authorization server's subject → user id. */
  readonly bySubject: Record<string, string> = {};

  constructor(readonly now: () => number) {}

  /** The subject's mailbox, made when new (the address is the subject when it is one). */
  mailbox(subject: string, opts: { mail?: string; displayName?: string } = {}): GraphMailbox {
    const known = this.bySubject[subject];
    if (known) return this.mailboxes[known];
    const mail = opts.mail ?? (subject.includes('@') ? subject : `${subject}@sandbox.onmicrosoft.com`);
    const id = randomUUID();
    const box: GraphMailbox = {
      id,
      tenantId: SANDBOX_TENANT,
      subject,
      mail,
      displayName: opts.displayName ?? displayNameOf(mail),
      userPrincipalName: mail,
      calls: [],
      mailState: {},
    };
    this.mailboxes[id] = box;
    this.bySubject[subject] = id;
    return box;
  }

  find(subject: string): GraphMailbox | null {
    const id = this.bySubject[subject];
    return id ? this.mailboxes[id] : null;
  }
}

/** `sam.sandbox@…` → `Sam Sandbox`. */
function displayNameOf(mail: string): string {
  return mail
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
