/**
 * The fake Graph's mail joined to the fake Graph: the mail handlers (./mailRoutes.ts, with their own
 * contract slices) answer the mail paths of the one provider server, ahead of the base gate, for the
 * mailboxes the base knows. A bearer token opens the mailbox of the user the authorization server
 * issued it to (the base's `mailboxOfToken`), so `/me/mailFolders` of a consenting user is that
 * user's mail. Every new mailbox gets its mail state (the well-known folders, its address) on
 * `mailbox.mailState.mail`, and a few sandbox mails in its Inbox (`SANDBOX_MAILS`), clearly labelled
 * as the local sandbox's; their Message-IDs depend only on the address, so a mailbox made again on a
 * later start (the sandbox forgets everything) brings the same mails, which the product's sync
 * recognises instead of storing twice.
 */
import type { Violation } from '../xero/gate';
import type { MicrosoftFake } from './index';
import type { GraphMailContracts } from './mailContracts';
import { createGraphMail, type GraphMailKnobs } from './mailRoutes';
import { GraphMailState, type GraphMessage, type Mailbox } from './mailState';
import type { GraphMailbox } from './state';

export const SANDBOX_SENDER = 'Local sandbox <noreply@sandbox.invalid>';

/** The sandbox's mails of every new mailbox: subject, text, read. */
export const SANDBOX_MAILS: { subject: string; text: string; read: boolean }[] = [
  {
    subject: '[Local sandbox] Welcome to your sandbox mailbox',
    text: 'This mailbox lives in the local provider sandbox (no real Microsoft 365 account). Read, reply, flag and move mails here as you would in Outlook; replies land in Sent Items of the sandbox.',
    read: false,
  },
  {
    subject: '[Local sandbox] Boiler service request',
    text: 'Hello,\n\nour boiler needs its yearly service. Could you send an engineer next week?\n\n(Demo mail of the local sandbox.)',
    read: false,
  },
  {
    subject: '[Local sandbox] Quote accepted',
    text: 'Thank you for the quote, please go ahead.\n\n(Demo mail of the local sandbox.)',
    read: true,
  },
];

/** The mail state of a base mailbox (made by `mountGraphMail` for every mailbox). */
export const mailOf = (box: GraphMailbox): Mailbox | undefined => box.mailState.mail as Mailbox | undefined;

function sandboxMime(address: string, n: number, mail: (typeof SANDBOX_MAILS)[number], date: Date): Buffer {
  const local = address.toLowerCase().replace(/[^a-z0-9.-]+/g, '.');
  return Buffer.from(
    [
      `From: ${SANDBOX_SENDER}`,
      `To: ${address}`,
      `Subject: ${mail.subject}`,
      `Message-ID: <sandbox-${n}.${local}@sandbox.invalid>`,
      `Date: ${date.toUTCString()}`,
      'X-Sandbox: local provider sandbox',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\r\n'),
  );
}

export function mountGraphMail(
  graph: Pick<MicrosoftFake, 'mailboxOfToken' | 'onMailbox' | 'state'>,
  opts: { contracts: GraphMailContracts | null; violations: Violation[]; baseUrl: () => string; now: () => number },
): ReturnType<typeof createGraphMail> & { knobs: GraphMailKnobs } {
  const state = new GraphMailState(opts.now);
  const mail = createGraphMail({
    state,
    contracts: opts.contracts,
    violations: opts.violations,
    subjectOf: (token) => graph.mailboxOfToken(token)?.id ?? null,
    baseUrl: opts.baseUrl,
  });
  const join = (box: GraphMailbox) => {
    if (mailOf(box)) return;
    const fresh = !state.mailboxes.has(box.id);
    const own = state.mailbox(box.id, box.mail);
    box.mailState.mail = own;
    if (!fresh) return;
    const inbox = state.folder(own, 'inbox')!;
    SANDBOX_MAILS.forEach((m, i) =>
      state.addMessage(own, inbox.id, sandboxMime(box.mail, i + 1, m, new Date(opts.now() - (SANDBOX_MAILS.length - i) * 3_600_000)), { isRead: m.read }),
    );
  };
  for (const box of Object.values(graph.state.mailboxes)) join(box);
  graph.onMailbox.push(join);
  return mail;
}

/** A message of a sandbox mailbox as the control API shows it. */
export interface SandboxMessageInfo {
  id: string;
  folder: string;
  subject: string;
  internetMessageId: string;
  isRead: boolean;
  from: string | null;
}

/** The mail knobs of the control API, by the authorization server's subject (the consenting user). */
export interface SandboxMailControl {
  /** A message delivered into a folder (id or well-known name; default the Inbox) of the subject's mailbox. */
  deliver(subject: string, opts: { mime: string; folder?: string; isRead?: boolean }): SandboxMessageInfo;
  /** The messages of a folder (id or well-known name) of the subject's mailbox, oldest first. */
  messages(subject: string, folder: string): SandboxMessageInfo[];
}

export function sandboxMailControl(graph: Pick<MicrosoftFake, 'knobs'>, knobs: GraphMailKnobs): SandboxMailControl {
  const { state } = knobs;
  const boxOf = (subject: string) => {
    const own = mailOf(graph.knobs.mailbox(subject));
    if (!own) throw new Error(`The mailbox of ${subject} has no mail state`);
    return own;
  };
  const info = (own: Mailbox, m: GraphMessage): SandboxMessageInfo => ({
    id: m.id,
    folder: own.folders.get(m.folderId)?.displayName ?? m.folderId,
    subject: m.subject,
    internetMessageId: m.internetMessageId,
    isRead: m.isRead,
    from: m.from?.address ?? null,
  });
  const folderOf = (own: Mailbox, folder: string) => {
    const f = state.folder(own, folder);
    if (!f) throw new Error(`No folder ${folder}`);
    return f;
  };
  return {
    deliver(subject, { mime, folder = 'inbox', isRead }) {
      const own = boxOf(subject);
      return info(own, state.addMessage(own, folderOf(own, folder).id, Buffer.from(mime), { isRead }));
    },
    messages(subject, folder) {
      const own = boxOf(subject);
      return state.inFolder(own, folderOf(own, folder).id).map((m) => info(own, m));
    },
  };
}
