/**
 * Drive v3 as the product uses it: files.list (q over parents, trashed, mimeType and name; orderBy
 * folder,name; pageSize/pageToken), files.get (metadata, or the bytes with alt=media), files.export
 * (Google Docs), files.create (metadata only: a folder or an empty file), files.update (rename,
 * trash) and the change log (changes.getStartPageToken,
 * changes.list).
 */
import { decodePageToken, intParam, page, type GoogleCall, type GoogleHandler } from './context';
import { DEFAULT_FILE_FIELDS, fileWire, googleError, invalid, notFound, parseFields, rfc3339, selectFields } from './wire';
import { FOLDER, GOOGLE_DOC, type DriveFile } from './state';

type Clause = (f: DriveFile) => boolean;

const unquote = (s: string) => s.replace(/^'|'$/g, '').replace(/\\'/g, "'");

/** The subset of Drive's query language the product sends; anything else is refused as Google refuses a bad q. */
function parseQuery(q: string, rootId: string): Clause[] | null {
  const clauses: Clause[] = [];
  for (const part of q
    .split(/\s+and\s+/i)
    .map((s) => s.trim())
    .filter(Boolean)) {
    let m: RegExpExecArray | null;
    if ((m = /^('(?:[^'\\]|\\.)*')\s+in\s+parents$/i.exec(part))) {
      const id = unquote(m[1]);
      const parent = id === 'root' ? rootId : id;
      clauses.push((f) => f.parents.includes(parent));
    } else if ((m = /^trashed\s*=\s*(true|false)$/i.exec(part))) {
      const want = m[1].toLowerCase() === 'true';
      clauses.push((f) => f.trashed === want);
    } else if ((m = /^mimeType\s*(=|!=)\s*('(?:[^'\\]|\\.)*')$/.exec(part))) {
      const [op, type] = [m[1], unquote(m[2])];
      clauses.push((f) => (f.mimeType === type) === (op === '='));
    } else if ((m = /^name\s*(=|contains)\s*('(?:[^'\\]|\\.)*')$/.exec(part))) {
      const [op, name] = [m[1], unquote(m[2])];
      clauses.push((f) => (op === '=' ? f.name === name : f.name.toLowerCase().includes(name.toLowerCase())));
    } else return null;
  }
  return clauses;
}

function ordered(files: DriveFile[], orderBy: string | null): DriveFile[] {
  const keys = (orderBy ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return [...files].sort((a, b) => {
    for (const key of keys) {
      const [name, dir] = key.split(/\s+/);
      const sign = dir === 'desc' ? -1 : 1;
      let d = 0;
      if (name === 'folder') d = Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER);
      else if (name === 'name') d = a.name.localeCompare(b.name);
      else if (name === 'modifiedTime') d = a.modifiedMs - b.modifiedMs;
      else if (name === 'createdTime') d = a.createdMs - b.createdMs;
      if (d) return d * sign;
    }
    return a.id.localeCompare(b.id);
  });
}

const fileOf = (call: GoogleCall): DriveFile | null => {
  const id = call.params.fileId === 'root' ? call.account.rootId : call.params.fileId;
  return call.account.files.get(id) ?? null;
};

const listFiles: GoogleHandler = (call) => {
  const size = intParam(call, 'pageSize', 100, 1, 1000);
  const offset = decodePageToken(call.query.get('pageToken'));
  if (size === null) return invalid('Invalid value for pageSize.');
  if (offset === null) return invalid('Invalid Value');
  const clauses = parseQuery(call.query.get('q') ?? '', call.account.rootId);
  if (!clauses) return googleError(400, 'invalid', 'Invalid Value', 'global');
  const matches = [...call.account.files.values()].filter((f) => f.id !== call.account.rootId && clauses.every((c) => c(f)));
  const { rows, nextPageToken } = page(ordered(matches, call.query.get('orderBy')), offset, size);
  const fields = call.query.get('fields');
  const selection = fields ? parseFields(fields) : null;
  const fileSelection = selection
    ? ((selection.get('files') as Map<string, unknown> | null | undefined) ?? null)
    : new Map(DEFAULT_FILE_FIELDS.map((k) => [k, null]));
  const body: Record<string, unknown> = {
    kind: 'drive#fileList',
    incompleteSearch: false,
    ...(nextPageToken ? { nextPageToken } : {}),
    files: rows.map((f) => selectFields(fileWire(f), fileSelection)),
  };
  return { status: 200, body: selection ? selectFields(body, selection) : body };
};

const getFile: GoogleHandler = (call) => {
  const file = fileOf(call);
  if (!file) return notFound('File', call.params.fileId);
  if (call.query.get('alt') === 'media') {
    if (file.mimeType.startsWith('application/vnd.google-apps.')) {
      return googleError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
    }
    return { status: 200, headers: { 'content-type': file.mimeType }, body: file.content };
  }
  const fields = call.query.get('fields');
  return { status: 200, body: selectFields(fileWire(file), fields ? parseFields(fields) : new Map(DEFAULT_FILE_FIELDS.map((k) => [k, null]))) };
};

/** What a Google Doc exports to: its text as plain text, HTML or a one-page PDF. */
function exported(text: string, mimeType: string): Buffer | null {
  if (mimeType === 'text/plain') return Buffer.from(text, 'utf8');
  if (mimeType === 'text/html') return Buffer.from(`<!doctype html><html><body><p>${text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></body></html>`);
  if (mimeType === 'application/pdf') {
    const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&').slice(0, 200)}) Tj ET`;
    return Buffer.from(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    );
  }
  return null;
}

const exportFile: GoogleHandler = (call) => {
  const file = fileOf(call);
  if (!file) return notFound('File', call.params.fileId);
  if (file.mimeType !== GOOGLE_DOC) return googleError(403, 'fileNotExportable', 'Export only supports Docs Editors files.');
  const mimeType = call.query.get('mimeType') ?? '';
  const bytes = exported(file.content.toString('utf8'), mimeType);
  if (!bytes) return googleError(400, 'badRequest', 'The requested conversion is not supported.');
  return { status: 200, headers: { 'content-type': mimeType }, body: bytes };
};

const updateFile: GoogleHandler = (call) => {
  const file = fileOf(call);
  if (!file) return notFound('File', call.params.fileId);
  const { name, trashed } = call.body;
  if (typeof name === 'string') file.name = name;
  if (typeof trashed === 'boolean') file.trashed = trashed;
  call.state.touchFile(call.account, file);
  return { status: 200, body: selectFields(fileWire(file), new Map(DEFAULT_FILE_FIELDS.map((k) => [k, null]))) };
};

/** files.create without media: Drive makes the file (a folder, given its mimeType) under `parents`, or My Drive. */
const createFile: GoogleHandler = (call) => {
  const { name, mimeType, parents } = call.body as { name?: unknown; mimeType?: unknown; parents?: unknown };
  const parentIds = Array.isArray(parents) ? parents.map(String) : [];
  if (parentIds.length > 1) return invalid('A shared drive item must have exactly one parent.');
  const parent = parentIds[0] === undefined || parentIds[0] === 'root' ? call.account.rootId : parentIds[0];
  const folder = call.account.files.get(parent);
  if (parent !== call.account.rootId && (!folder || folder.mimeType !== FOLDER)) return notFound('File', parentIds[0]);
  const file = call.state.addFile(call.account, {
    name: typeof name === 'string' && name ? name : 'Untitled',
    mimeType: typeof mimeType === 'string' && mimeType ? mimeType : 'application/octet-stream',
    parent,
  });
  const fields = call.query.get('fields');
  return { status: 200, body: selectFields(fileWire(file), fields ? parseFields(fields) : new Map(DEFAULT_FILE_FIELDS.map((k) => [k, null]))) };
};

const startPageToken: GoogleHandler = (call) => ({
  status: 200,
  body: { kind: 'drive#startPageToken', startPageToken: String(call.account.changes.length + 1) },
});

const listChanges: GoogleHandler = (call) => {
  const from = Number(call.query.get('pageToken'));
  const size = intParam(call, 'pageSize', 100, 1, 1000);
  if (!Number.isInteger(from) || from < 1 || size === null) return invalid('Invalid Value');
  const log = call.account.changes.filter((c) => c.seq >= from);
  const rows = log.slice(0, size);
  const more = log.length > size;
  const next = String(more ? rows[rows.length - 1].seq + 1 : call.account.changes.length + 1);
  return {
    status: 200,
    body: {
      kind: 'drive#changeList',
      ...(more ? { nextPageToken: next } : { newStartPageToken: next }),
      changes: rows.map((c) => {
        const file = call.account.files.get(c.fileId);
        return {
          kind: 'drive#change',
          changeType: 'file',
          time: rfc3339(c.timeMs),
          removed: !file,
          fileId: c.fileId,
          ...(file ? { file: fileWire(file) } : {}),
        };
      }),
    },
  };
};

export const driveHandlers: Record<string, GoogleHandler> = {
  'drive.files.list': listFiles,
  'drive.files.get': getFile,
  'drive.files.export': exportFile,
  'drive.files.create': createFile,
  'drive.files.update': updateFile,
  'drive.changes.getStartPageToken': startPageToken,
  'drive.changes.list': listChanges,
};
