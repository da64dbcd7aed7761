/** Each Google operation the product uses answers as Google's contract says (every answer validated against it). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractAnswer, session, startTestbed, type GoogleTestbed } from './testkit';

let bed: GoogleTestbed;
beforeAll(async () => {
  bed = await startTestbed();
});
afterAll(async () => {
  expect(bed.server.violations).toEqual([]);
  await bed.server.close();
});

const q = (text: string) => encodeURIComponent(text);
const FIELDS = q('nextPageToken,files(id,name,mimeType,size,modifiedTime,createdTime,parents)');

describe('userinfo', () => {
  it('answers the account’s email, name and picture', async () => {
    const s = session(bed);
    const res = await s.google('GET', '/oauth2/v2/userinfo');
    expect(res.status).toBe(200);
    expectContractAnswer(bed, 'oauth2', 'oauth2.userinfo.get', 200, res.body);
    expect(res.body).toMatchObject({ id: s.subject, email: `${s.subject}@example.com`, name: 'Sam Sandbox', verified_email: true });
    expect(res.body.picture).toMatch(/^https:\/\//);
  });
});

describe('drive', () => {
  it('creates a folder under My Drive or a given folder, and refuses an unknown parent', async () => {
    const s = session(bed);
    const { rootId } = bed.server.google.createAccount({ subject: s.subject });
    const made = await s.google('POST', `/drive/v3/files?fields=${q('id,name,mimeType,parents')}`, {
      name: 'J-1 Boiler',
      mimeType: 'application/vnd.google-apps.folder',
    });
    expect(made.status).toBe(200);
    expectContractAnswer(bed, 'drive', 'drive.files.create', 200, made.body);
    expect(made.body).toMatchObject({ name: 'J-1 Boiler', mimeType: 'application/vnd.google-apps.folder', parents: [rootId] });
    const inner = await s.google('POST', '/drive/v3/files', { name: 'Photos', mimeType: 'application/vnd.google-apps.folder', parents: [made.body.id] });
    expect(inner.status).toBe(200);
    const listed = await s.google('GET', `/drive/v3/files?q=${q(`'${made.body.id}' in parents`)}`);
    expect(listed.body.files.map((f: { name: string }) => f.name)).toEqual(['Photos']);
    const lost = await s.google('POST', '/drive/v3/files', { name: 'x', mimeType: 'application/vnd.google-apps.folder', parents: ['nosuchfolder'] });
    expect(lost.status).toBe(404);
  });

  it('lists a folder, folders first, with only the fields asked for, and pages', async () => {
    const s = session(bed);
    const { rootId } = bed.server.google.createAccount({ subject: s.subject });
    const folder = bed.server.google.addFile(s.subject, { name: 'Quotes', mimeType: 'application/vnd.google-apps.folder' });
    for (const name of ['b.txt', 'a.txt', 'c.txt']) bed.server.google.addFile(s.subject, { name, mimeType: 'text/plain', content: name });
    bed.server.google.addFile(s.subject, { name: 'inside.txt', mimeType: 'text/plain', parent: folder.id as string });

    const all = await s.google('GET', `/drive/v3/files?q=${q("'root' in parents and trashed = false")}&orderBy=folder,name&fields=${FIELDS}`);
    expect(all.status).toBe(200);
    expectContractAnswer(bed, 'drive', 'drive.files.list', 200, all.body);
    expect(all.body.files.map((f: { name: string }) => f.name)).toEqual(['Quotes', 'a.txt', 'b.txt', 'c.txt']);
    expect(all.body.files[1]).toMatchObject({ size: '5', mimeType: 'text/plain', parents: [rootId] });
    expect(all.body.files[0].size).toBeUndefined();

    const first = await s.google('GET', `/drive/v3/files?q=${q("'root' in parents")}&orderBy=folder,name&pageSize=2`);
    expect(first.body.files.map((f: { name: string }) => f.name)).toEqual(['Quotes', 'a.txt']);
    // Without `fields` Drive answers only kind, id, name and mimeType.
    expect(Object.keys(first.body.files[0]).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const second = await s.google('GET', `/drive/v3/files?q=${q("'root' in parents")}&orderBy=folder,name&pageSize=2&pageToken=${first.body.nextPageToken}`);
    expect(second.body.files.map((f: { name: string }) => f.name)).toEqual(['b.txt', 'c.txt']);
    expect(second.body.nextPageToken).toBeUndefined();

    const inside = await s.google('GET', `/drive/v3/files?q=${q(`'${folder.id as string}' in parents and trashed = false`)}`);
    expect(inside.body.files.map((f: { name: string }) => f.name)).toEqual(['inside.txt']);
    expect((await s.google('GET', `/drive/v3/files?q=${q('fullText contains "x"')}`)).status).toBe(400);
  });

  it('downloads a binary file, exports a Google Doc and refuses to download one', async () => {
    const s = session(bed);
    const file = bed.server.google.addFile(s.subject, { name: 'note.txt', mimeType: 'text/plain', content: 'hello drive' });
    const doc = bed.server.google.addFile(s.subject, { name: 'Plan', mimeType: 'application/vnd.google-apps.document', content: 'Doc text' });
    const media = await s.google('GET', `/drive/v3/files/${file.id as string}?alt=media`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('text/plain');
    expect(media.body).toBe('hello drive');
    const meta = await s.google('GET', `/drive/v3/files/${file.id as string}?fields=${q('id,name,size')}`);
    expectContractAnswer(bed, 'drive', 'drive.files.get', 200, meta.body);
    expect(meta.body).toEqual({ id: file.id, name: 'note.txt', size: '11' });

    expect((await s.google('GET', `/drive/v3/files/${doc.id as string}?alt=media`)).body.error.errors[0].reason).toBe('fileNotDownloadable');
    const pdf = await s.google('GET', `/drive/v3/files/${doc.id as string}/export?mimeType=application%2Fpdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await s.google('GET', `/drive/v3/files/${doc.id as string}/export?mimeType=text%2Fplain`)).body).toBe('Doc text');
    const missing = await s.google('GET', '/drive/v3/files/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 404, errors: [{ reason: 'notFound' }] });
  });

  it('trashes a file, and the change list from a start token reports it', async () => {
    const s = session(bed);
    const file = bed.server.google.addFile(s.subject, { name: 'old.txt', mimeType: 'text/plain', content: 'x' });
    const start = await s.google('GET', '/drive/v3/changes/startPageToken');
    expectContractAnswer(bed, 'drive', 'drive.changes.getStartPageToken', 200, start.body);
    const trashed = await s.google('PATCH', `/drive/v3/files/${file.id as string}`, { trashed: true });
    expect(trashed.status).toBe(200);
    expectContractAnswer(bed, 'drive', 'drive.files.update', 200, trashed.body);
    const listed = await s.google('GET', `/drive/v3/files?q=${q("'root' in parents and trashed = false")}`);
    expect(listed.body.files).toEqual([]);
    const changes = await s.google('GET', `/drive/v3/changes?pageToken=${start.body.startPageToken as string}`);
    expectContractAnswer(bed, 'drive', 'drive.changes.list', 200, changes.body);
    expect(changes.body.changes).toHaveLength(1);
    expect(changes.body.changes[0]).toMatchObject({ fileId: file.id, removed: false, file: { trashed: true } });
    const after = await s.google('GET', `/drive/v3/changes?pageToken=${changes.body.newStartPageToken as string}`);
    expect(after.body.changes).toEqual([]);
  });
});

describe('tasks', () => {
  it('creates, renames, lists and deletes task lists', async () => {
    const s = session(bed);
    const made = await s.google('POST', '/tasks/v1/users/@me/lists', { title: 'Van' });
    expectContractAnswer(bed, 'tasks', 'tasks.tasklists.insert', 200, made.body);
    const renamed = await s.google('PATCH', `/tasks/v1/users/@me/lists/${made.body.id as string}`, { title: 'Van jobs' });
    expectContractAnswer(bed, 'tasks', 'tasks.tasklists.patch', 200, renamed.body);
    expect(renamed.body.etag).not.toBe(made.body.etag);
    const lists = await s.google('GET', '/tasks/v1/users/@me/lists');
    expectContractAnswer(bed, 'tasks', 'tasks.tasklists.list', 200, lists.body);
    expect(lists.body.items.map((l: { title: string }) => l.title)).toEqual(['Van jobs']);
    expect((await s.google('DELETE', `/tasks/v1/users/@me/lists/${made.body.id as string}`)).status).toBe(204);
    expect((await s.google('GET', `/tasks/v1/users/@me/lists/${made.body.id as string}`)).status).toBe(404);
  });

  it('keeps only the date of due, moves updated and etag on change, deletes softly and restores', async () => {
    const s = session(bed);
    const list = (await s.google('POST', '/tasks/v1/users/@me/lists', { title: 'L' })).body.id as string;
    const made = await s.google('POST', `/tasks/v1/lists/${list}/tasks`, {
      title: 'Fix gate',
      notes: 'n',
      due: '2026-12-03T12:00:00.000Z',
      updated: '2000-01-01T00:00:00Z',
    });
    expectContractAnswer(bed, 'tasks', 'tasks.tasks.insert', 200, made.body);
    expect(made.body).toMatchObject({ title: 'Fix gate', notes: 'n', status: 'needsAction', due: '2026-12-03T00:00:00.000Z' });
    // `updated` is read-only: what the client sent is ignored.
    expect(made.body.updated).not.toBe('2000-01-01T00:00:00Z');

    const done = await s.google('PATCH', `/tasks/v1/lists/${list}/tasks/${made.body.id as string}`, { status: 'completed' });
    expectContractAnswer(bed, 'tasks', 'tasks.tasks.patch', 200, done.body);
    expect(done.body).toMatchObject({ status: 'completed', title: 'Fix gate' });
    expect(done.body.completed).toEqual(expect.any(String));
    expect(Date.parse(done.body.updated)).toBeGreaterThan(Date.parse(made.body.updated));
    expect(done.body.etag).not.toBe(made.body.etag);

    expect((await s.google('DELETE', `/tasks/v1/lists/${list}/tasks/${made.body.id as string}`)).status).toBe(204);
    const visible = await s.google('GET', `/tasks/v1/lists/${list}/tasks`);
    expect(visible.body.items ?? []).toEqual([]);
    const withDeleted = await s.google('GET', `/tasks/v1/lists/${list}/tasks?showDeleted=true`);
    expectContractAnswer(bed, 'tasks', 'tasks.tasks.list', 200, withDeleted.body);
    expect(withDeleted.body.items).toMatchObject([{ id: made.body.id, deleted: true }]);
    const restored = await s.google('PATCH', `/tasks/v1/lists/${list}/tasks/${made.body.id as string}`, { deleted: false });
    expect(restored.body.deleted).toBeUndefined();
    expect((await s.google('GET', `/tasks/v1/lists/${list}/tasks`)).body.items).toHaveLength(1);
  });

  it('lists what changed since updatedMin, hidden ones only with showHidden, and pages by maxResults', async () => {
    const s = session(bed);
    const list = bed.server.google.addTaskList(s.subject, 'Sync').id as string;
    const a = bed.server.google.addTask(s.subject, list, { title: 'a' });
    bed.server.google.addTask(s.subject, list, { title: 'b' });
    bed.server.google.addTask(s.subject, list, { title: 'c', status: 'completed' });
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const edited = bed.server.google.editRemote(s.subject, a.id as string, { title: 'a, edited remotely' });
    expect(Date.parse(edited.updated as string)).toBeGreaterThan(Date.parse(a.updated as string));
    const changed = await s.google('GET', `/tasks/v1/lists/${list}/tasks?updatedMin=${q(since)}&showDeleted=true&showHidden=true`);
    expect(changed.body.items.map((t: { title: string }) => t.title)).toEqual(['a, edited remotely']);

    expect((await s.google('POST', `/tasks/v1/lists/${list}/clear`)).status).toBe(204);
    const shown = await s.google('GET', `/tasks/v1/lists/${list}/tasks`);
    expect(shown.body.items.map((t: { title: string }) => t.title).sort()).toEqual(['a, edited remotely', 'b']);
    expect((await s.google('GET', `/tasks/v1/lists/${list}/tasks?showHidden=true`)).body.items).toHaveLength(3);

    const first = await s.google('GET', `/tasks/v1/lists/${list}/tasks?maxResults=1`);
    expect(first.body.items).toHaveLength(1);
    const next = await s.google('GET', `/tasks/v1/lists/${list}/tasks?maxResults=1&pageToken=${first.body.nextPageToken as string}`);
    expect(next.body.items[0].id).not.toBe(first.body.items[0].id);
    // At most 100 a page (stated in the contract's prose).
    expect((await s.google('GET', `/tasks/v1/lists/${list}/tasks?maxResults=101`)).status).toBe(400);
  });

  it('tasks.move puts a task under a parent, back to the top level and into another list with its subtasks', async () => {
    const s = session(bed);
    const home = bed.server.google.addTaskList(s.subject, 'Home').id as string;
    const away = bed.server.google.addTaskList(s.subject, 'Away').id as string;
    const parent = bed.server.google.addTask(s.subject, home, { title: 'Parent' }).id as string;
    const child = bed.server.google.addTask(s.subject, home, { title: 'Child' }).id as string;
    const move = (list: string, task: string, query: string) => s.google('POST', `/tasks/v1/lists/${list}/tasks/${task}/move${query}`);

    const under = await move(home, child, `?parent=${parent}`);
    expectContractAnswer(bed, 'tasks', 'tasks.tasks.move', 200, under.body);
    expect(under.body).toMatchObject({ id: child, parent });
    const top = await move(home, child, '');
    expect(top.body.parent).toBeUndefined();
    expect(Date.parse(top.body.updated)).toBeGreaterThanOrEqual(Date.parse(under.body.updated));
    expect(top.body.etag).not.toBe(under.body.etag);

    await move(home, child, `?parent=${parent}`);
    // A task cannot go under itself or under its own subtask.
    expect((await move(home, parent, `?parent=${child}`)).status).toBe(400);
    expect((await move(home, parent, '?destinationTasklist=nosuchlist')).status).toBe(404);
    const moved = await move(home, parent, `?destinationTasklist=${away}`);
    expect(moved.status).toBe(200);
    const listed = async (list: string) =>
      ((await s.google('GET', `/tasks/v1/lists/${list}/tasks`)).body.items ?? []).map((t: { title: string }) => t.title).sort();
    expect(await listed(away)).toEqual(['Child', 'Parent']);
    expect(await listed(home)).toEqual([]);
    expect((await s.google('GET', `/tasks/v1/lists/${home}/tasks/${parent}`)).status).toBe(404);
    // An unknown previous sibling is refused.
    expect((await move(away, child, '?previous=nosuchtask')).status).toBe(404);
  });

  it('a seeded sandbox account has folders, files and task lists with tasks', async () => {
    const s = session(bed, { seed: true });
    const snap = bed.server.google.state(s.subject);
    expect(snap.files.filter((f) => f.mimeType === 'application/vnd.google-apps.folder').length).toBeGreaterThanOrEqual(2);
    expect(snap.files.some((f) => f.mimeType === 'application/vnd.google-apps.document')).toBe(true);
    expect(snap.taskLists.map((l) => l.title)).toEqual(['My Tasks', 'Office']);
    expect(snap.tasks.length).toBeGreaterThanOrEqual(3);
  });
});
