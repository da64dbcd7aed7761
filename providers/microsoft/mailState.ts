/**
 * The fake Graph's mailboxes, in memory: folders, messages (raw MIME plus the properties Graph
 * derives from it) and one change log per folder, which delta reads. Message ids are immutable (as
 * with `Prefer: IdType="ImmutableId"`): a move keeps the id, and shows as `@removed` in the folder
 * left and as a new item in the folder reached. A folder's `epoch` moves when its sync state is
 * expired (the `expireDelta` knob): older delta tokens then answer 410.
 */
import { randomBytes } from 'node:crypto';

export interface GraphFolder {
  id: string;
  displayName: string;
  parentFolderId: string | null;
  /** The well-known name Graph accepts in place of the id (inbox, sentitems, ...), if any. */
  wellKnown: string | null;
  epoch: number;
  /** seq → message id, in order: what changed in this folder (added, changed, or left). */
  log: { seq: number; id: string }[];
}

export interface GraphMessage {
  id: string;
  folderId: string;
  mime: Buffer;
  subject: string;
  internetMessageId: string;
  from: { name: string; address: string } | null;
  receivedDateTime: string;
  isRead: boolean;
  flagStatus: 'notFlagged' | 'flagged' | 'complete';
  changeKey: number;
}

export interface Mailbox {
  id: string;
  email: string;
  folders: Map<string, GraphFolder>;
  messages: Map<string, GraphMessage>;
}

const WELL_KNOWN: [string, string][] = [
  ['inbox', 'Inbox'],
  ['sentitems', 'Sent Items'],
  ['deleteditems', 'Deleted Items'],
  ['drafts', 'Drafts'],
  ['junkemail', 'Junk Email'],
  ['archive', 'Archive'],
];

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

function header(mime: Buffer, name: string): string | null {
  const head = mime
    .subarray(0, Math.min(mime.length, 64 * 1024))
    .toString('latin1')
    .split(/\r?\n\r?\n/)[0];
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return m ? m[1].replace(/\r?\n[ \t]/g, ' ').trim() : null;
}

function address(value: string | null): { name: string; address: string } | null {
  if (!value) return null;
  const m = /^(.*?)\s*<([^>]+)>/.exec(value);
  return m ? { name: m[1].replace(/^"|"$/g, ''), address: m[2] } : { name: value, address: value };
}

export class GraphMailState {
  private seq = 0;
  readonly mailboxes = new Map<string, Mailbox>();

  constructor(readonly now: () => number = Date.now) {}

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  get currentSeq(): number {
    return this.seq;
  }

  /** The mailbox of a subject (the token's user id), made with the well-known folders on first use. */
  mailbox(id: string, email = `${id}@sandbox.onmicrosoft.test`): Mailbox {
    let box = this.mailboxes.get(id);
    if (!box) {
      box = { id, email, folders: new Map(), messages: new Map() };
      for (const [wellKnown, displayName] of WELL_KNOWN) this.addFolder(box, displayName, null, wellKnown);
      this.mailboxes.set(id, box);
    }
    return box;
  }

  addFolder(box: Mailbox, displayName: string, parentFolderId: string | null = null, wellKnown: string | null = null): GraphFolder {
    const folder: GraphFolder = { id: newId('AAMkF'), displayName, parentFolderId, wellKnown, epoch: 0, log: [] };
    box.folders.set(folder.id, folder);
    return folder;
  }

  /** A folder by id or well-known name. */
  folder(box: Mailbox, idOrName: string): GraphFolder | null {
    const byId = box.folders.get(idOrName);
    if (byId) return byId;
    const name = idOrName.toLowerCase();
    return [...box.folders.values()].find((f) => f.wellKnown === name) ?? null;
  }

  private touch(box: Mailbox, folderId: string, messageId: string): void {
    const folder = box.folders.get(folderId);
    if (folder) folder.log.push({ seq: this.nextSeq(), id: messageId });
  }

  /** A message delivered into a folder, its properties read from its MIME headers. */
  addMessage(box: Mailbox, folderId: string, mime: Buffer, opts: { isRead?: boolean } = {}): GraphMessage {
    const date = header(mime, 'Date');
    const parsed = date ? Date.parse(date) : NaN;
    const message: GraphMessage = {
      id: newId('AAMkM'),
      folderId,
      mime,
      subject: header(mime, 'Subject') ?? '',
      internetMessageId: header(mime, 'Message-ID') ?? `<${newId('')}@sandbox.onmicrosoft.test>`,
      from: address(header(mime, 'From')),
      receivedDateTime: new Date(Number.isNaN(parsed) ? this.now() : parsed).toISOString(),
      isRead: opts.isRead ?? false,
      flagStatus: 'notFlagged',
      changeKey: 1,
    };
    box.messages.set(message.id, message);
    this.touch(box, folderId, message.id);
    return message;
  }

  update(box: Mailbox, message: GraphMessage, patch: { isRead?: boolean; flagStatus?: GraphMessage['flagStatus'] }): void {
    if (patch.isRead !== undefined) message.isRead = patch.isRead;
    if (patch.flagStatus !== undefined) message.flagStatus = patch.flagStatus;
    message.changeKey += 1;
    this.touch(box, message.folderId, message.id);
  }

  move(box: Mailbox, message: GraphMessage, folderId: string): void {
    const from = message.folderId;
    message.folderId = folderId;
    message.changeKey += 1;
    this.touch(box, from, message.id);
    this.touch(box, folderId, message.id);
  }

  remove(box: Mailbox, message: GraphMessage): void {
    box.messages.delete(message.id);
    this.touch(box, message.folderId, message.id);
  }

  /** The messages of a folder now, oldest first. */
  inFolder(box: Mailbox, folderId: string): GraphMessage[] {
    return [...box.messages.values()].filter((m) => m.folderId === folderId);
  }
}
