/** The fake Graph's mail routes: its answers follow the contract, its refusals and knobs answer as Graph does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphMailTestServer, type GraphMailTestServer } from './mailTestServer';

let fake: GraphMailTestServer;
const TOKEN = 'fake-mail-token';
const SUBJECT = 'routes-user';

beforeAll(async () => {
  fake = await startGraphMailTestServer();
  fake.allowToken(TOKEN, SUBJECT);
}, 120_000);
afterAll(() => fake?.close());

async function graph(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(path.startsWith('http') ? path : `${fake.graphUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
}

/** The answer as the contract describes the operation's success (the slices key it `2XX`). */
function expectContractAnswer(api: 'mail' | 'actions' | 'functions', operationId: string, body: unknown) {
  const result = fake.contracts![api].validateResponse(body, operationId, 200);
  expect(result.errors ?? []).toEqual([]);
}

describe('the fake Graph mail routes', () => {
  it('serves the contracts (../shared/contracts is beside the repository)', () => {
    expect(fake.validating).toBe(true);
  });

  it('lists folders and child folders, pages a delta with nextLink and ends with a deltaLink, all as the contract says', async () => {
    const box = fake.knobs.state.mailbox(SUBJECT);
    const inbox = fake.knobs.state.folder(box, 'inbox')!;
    fake.knobs.state.addFolder(box, 'Suppliers', inbox.id);
    fake.knobs.seed(SUBJECT, 3);
    const folders = await graph('GET', '/me/mailFolders');
    expect(folders.status).toBe(200);
    expectContractAnswer('mail', 'user_ListMailFolder.me', folders.json);
    expect((folders.json.value as { displayName: string }[]).map((f) => f.displayName)).toContain('Sent Items');
    const children = await graph('GET', `/users/${SUBJECT}/mailFolders/inbox/childFolders`);
    expectContractAnswer('mail', 'user.mailFolder_ListChildFolder', children.json);
    expect((children.json.value as { displayName: string }[]).map((f) => f.displayName)).toEqual(['Suppliers']);

    const first = await graph('GET', `/me/mailFolders/${inbox.id}/messages/delta`, undefined, { prefer: 'odata.maxpagesize=2' });
    expectContractAnswer('functions', 'user.mailFolder.message_delta.me', first.json);
    expect(first.json.value).toHaveLength(2);
    const second = await graph('GET', first.json['@odata.nextLink'] as string, undefined, { prefer: 'odata.maxpagesize=2' });
    expect(second.json.value).toHaveLength(1);
    expect(second.json['@odata.deltaLink']).toContain('$deltatoken=');
    const [m] = fake.knobs.state.inFolder(box, inbox.id);
    const mime = await graph('GET', `/me/messages/${m.id}/$value`);
    expect(mime.text).toContain('Subject: Seeded message');

    const patched = await graph('PATCH', `/me/messages/${m.id}`, { isRead: true, flag: { flagStatus: 'flagged' } });
    expectContractAnswer('mail', 'user_UpdateMessage.me', patched.json);
    const moved = await graph('POST', `/me/messages/${m.id}/move`, { destinationId: 'archive' });
    expect(moved.status).toBe(201);
    expectContractAnswer('actions', 'user.message_move.me', moved.json);
    const changes = await graph('GET', second.json['@odata.deltaLink'] as string);
    expect(changes.json.value).toEqual([{ id: m.id, '@removed': { reason: 'changed' } }]);
    expect(fake.violations).toEqual([]);
  });

  it('refuses what the contract refuses (400, recorded), an unknown token (401), an expired delta (410), and throttles on demand (429 + Retry-After)', async () => {
    const box = fake.knobs.state.mailbox(SUBJECT);
    const [m] = fake.knobs.seed(SUBJECT, 1);
    const bad = await graph('PATCH', `/me/messages/${m.id}`, { isRead: 'yes' });
    expect(bad.status).toBe(400);
    expect(fake.violations.splice(0)).toHaveLength(1);
    const anonymous = await fetch(`${fake.graphUrl}/me/mailFolders`, { headers: { authorization: 'Bearer nope' } });
    expect(anonymous.status).toBe(401);

    const inbox = fake.knobs.state.folder(box, 'inbox')!;
    let page = await graph('GET', `/me/mailFolders/${inbox.id}/messages/delta`, undefined, { prefer: 'odata.maxpagesize=1000' });
    const deltaLink = page.json['@odata.deltaLink'] as string;
    fake.knobs.expireDelta(SUBJECT, 'inbox');
    page = await graph('GET', deltaLink);
    expect(page.status).toBe(410);
    expect((page.json.error as { code: string }).code).toBe('SyncStateNotFound');

    fake.knobs.throttle(1, 7);
    const throttled = await graph('GET', '/me/mailFolders');
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await graph('GET', '/me/mailFolders')).status).toBe(200);

    const sent = await graph('POST', '/me/sendMail', {
      message: { subject: 'Hello', body: { contentType: 'text', content: 'Hi' }, toRecipients: [{ emailAddress: { address: 'a@example.com' } }] },
      saveToSentItems: true,
    });
    expect(sent.status).toBe(202);
    expect(fake.knobs.state.inFolder(box, fake.knobs.state.folder(box, 'sentitems')!.id).map((x) => x.subject)).toEqual(['Hello']);
    expect(fake.violations).toEqual([]);
  });
});
