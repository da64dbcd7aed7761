/**
 * What a sandbox account holds when its user first consents, so the demo's Drive and Tasks pages
 * have something to show: a few folders, files (one a Google Doc, exported on download) and two
 * task lists with tasks.
 */
import { FOLDER, GOOGLE_DOC, type GoogleAccount, type GoogleState } from './state';

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function seedAccount(state: GoogleState, a: GoogleAccount): void {
  const now = state.now();
  const jobs = state.addFile(a, { name: 'Jobs', mimeType: FOLDER, modifiedMs: now - 20 * DAY });
  const photos = state.addFile(a, { name: 'Site photos', mimeType: FOLDER, parent: jobs.id, modifiedMs: now - 12 * DAY });
  state.addFile(a, { name: 'Invoices', mimeType: FOLDER, modifiedMs: now - 18 * DAY });
  state.addFile(a, {
    name: 'Welcome to the sandbox.txt',
    mimeType: 'text/plain',
    content: 'This Drive is the local sandbox: nothing here leaves this machine.\n',
    modifiedMs: now - 30 * DAY,
  });
  state.addFile(a, {
    name: 'Meeting notes',
    mimeType: GOOGLE_DOC,
    parent: jobs.id,
    content: 'Boiler service round: call the tenants on Monday.',
    modifiedMs: now - 3 * DAY,
  });
  state.addFile(a, {
    name: 'Price list 2026.csv',
    mimeType: 'text/csv',
    parent: jobs.id,
    content: 'item,price\nCall-out,85.00\nHourly rate,60.00\n',
    modifiedMs: now - 9 * DAY,
  });
  state.addFile(a, {
    name: 'Kitchen leak.jpg',
    mimeType: 'image/jpeg',
    parent: photos.id,
    content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
    modifiedMs: now - 12 * DAY,
  });

  const mine = state.addList(a, 'My Tasks');
  state.addTask(a, mine.id, { title: 'Order replacement valves', notes: 'Two 15 mm isolating valves', due: isoDate(now + 2 * DAY) });
  state.addTask(a, mine.id, { title: 'Call the letting agent about flat 3' });
  state.addTask(a, mine.id, { title: 'Renew the van insurance', status: 'completed', completedMs: now - DAY });
  const office = state.addList(a, 'Office');
  state.addTask(a, office.id, { title: 'Send the quarterly VAT figures', due: isoDate(now + 7 * DAY) });
}
