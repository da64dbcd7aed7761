import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { api, configureApi } from '../../dataProvider/apiClient';
import { routeById } from '../../routes/routeTable';
import { clientStorage } from '../../storage/clientStorage';
import { renderWithApp } from '../../test/renderWithApp';
import { mailAccount } from './testAccounts';
import { composeProvider } from '../compose/composeProvider';
import { routingStub } from '../routing/routingStub';
import { mailProvider } from './mailProvider';
import { MailClientPage } from './MailClientPage';
import type { MailDetails, MailListRow } from '../../../core/mail/client/types';

const route = routeById('email')!;
const user = (settings: Record<string, unknown> = {}): CurrentUser => ({
  is_loggedin: true,
  user_id: 3,
  us_id: 3,
  role: 'Operator',
  fullname: 'Olly Operator',
  settings: { language: 'en-US', ...settings },
});
const envelope = (data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ mails: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );

const account = (id: number, name: string) =>
  mailAccount(id, name, {
    ma_color: '#1976d2',
    unread: 2,
    folders: [{ ifolder_id: id * 10, ifolder_name: 'Inbox', ifolder_path: 'INBOX', ifolder_type: 'inbox', unread: 2 }],
  });
const row = (ma_id: number, date_group: MailListRow['date_group'], subject: string): MailListRow => ({
  ma_id,
  mailaccount_id: 1,
  ma_color: '#1976d2',
  mail_subject: subject,
  mail_from: { name: 'Tom Baxter', address: 'tom@example.com' },
  mail_to_arr: [],
  mail_date: '2026-11-18 10:00:00',
  date_group,
  is_seen: true,
  is_flagged: false,
  is_answered: false,
  is_ready: false,
  is_spam: false,
  is_deleted: false,
  has_attachments: false,
  mail_size: 1000,
  job_id: null,
  thread_id: ma_id,
  snippet: 'Hello',
});
const details = (over: Partial<MailDetails> = {}): MailDetails => ({
  ...row(7, 'today', 'Leaking radiator'),
  mail_cc_arr: [],
  mail_bcc_arr: [],
  job_number: null,
  can_delete: true,
  too_large: false,
  mail_html: '<p>Body text</p><img alt="logo">',
  text: null,
  images_blocked: 1,
  ...over,
});

describe('mail client page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));
  let detailsAnswer: (url: string) => MailDetails;

  beforeEach(() => {
    // jsdom has no layout: give the list's scroller a window-sized box so rows are rendered.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    localStorage.clear();
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    detailsAnswer = () => details();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/mails/accounts')) return envelope([account(1, 'Office'), account(2, 'Sales')]);
      if (url.includes('/mails/filter'))
        return envelope(
          [row(1, 'today', 'First today'), row(2, 'today', 'Second today'), row(3, 'yesterday', 'From yesterday'), row(4, 'older', 'Long ago')],
          4,
        );
      if (url.includes('/details')) return envelope(detailsAnswer(url));
      if (url.includes('/mailtags/list') || url.includes('/mailfolders/list')) return envelope([]);
      return envelope({});
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('groups the list under the date group headings', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const list = await screen.findByRole('list', { name: 'Mails' });
    await within(list).findByText('First today');
    const headings = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Today', 'Yesterday', 'Older']);
    const texts = within(list)
      .getAllByText(/today|yesterday|Long ago|^Today$|^Yesterday$|^Older$/i)
      .map((e) => e.textContent);
    expect(texts.indexOf('Today')).toBeLessThan(texts.indexOf('First today'));
    expect(texts.indexOf('From yesterday')).toBeLessThan(texts.indexOf('Older'));
  });

  it('opens the mail settings (signatures, templates, tags, folders) from the page', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mail settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mail settings' });
    expect(within(dialog).getByRole('tab', { name: 'Signatures' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Folders' })).toBeInTheDocument();
  });

  it('keeps switched-off accounts in client storage and leaves them out of the list call', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await waitFor(() => expect(calls('/mails/filter').length).toBeGreaterThan(0));
    expect(JSON.parse(String(calls('/mails/filter').at(-1)![1]?.body)).mailaccount_ids).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('switch', { name: 'Sales' }));
    expect(clientStorage.disabledMailAccounts.get()).toEqual([2]);
    await waitFor(() => expect(JSON.parse(String(calls('/mails/filter').at(-1)![1]?.body)).mailaccount_ids).toEqual([1]));
    fireEvent.click(screen.getByRole('switch', { name: 'All accounts' }));
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);
  });

  it('shows the mail in a frame sandboxed without scripts, and remote images only after "Show images"', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/7',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const frame = (await screen.findByTitle('Mail content')) as HTMLIFrameElement;
    const sandbox = frame.getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Body text</p>');
    expect(frame.getAttribute('srcdoc')).toContain('img-src data:;');
    expect(String(calls('/details')[0][0])).not.toContain('images=1');
    detailsAnswer = () => details({ mail_html: '<p>Body text</p><img src="https://img.example/logo.png">', images_blocked: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Show images' }));
    await waitFor(() => expect(String(calls('/details').at(-1)![0])).toContain('images=1'));
    await waitFor(() => expect(screen.getByTitle('Mail content').getAttribute('srcdoc')).toContain('https://img.example/logo.png'));
    expect(screen.queryByRole('button', { name: 'Show images' })).toBeNull();
  });

  it('loads images at once when autoloadHtml is on', async () => {
    setAuthenticated(user({ autoloadHtml: true }));
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/7',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await screen.findByTitle('Mail content');
    expect(String(calls('/details')[0][0])).toContain('images=1');
  });

  it('asks before loading a mail over 5 MB', async () => {
    setAuthenticated(user());
    detailsAnswer = (url) =>
      url.includes('large=1') ? details({ mail_size: 6_000_000 }) : details({ mail_size: 6_000_000, too_large: true, mail_html: null });
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/7',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    expect(await screen.findByText(/A mail over 5MB asks for confirmation before loading\./)).toBeInTheDocument();
    expect(screen.queryByTitle('Mail content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load mail' }));
    expect(await screen.findByTitle('Mail content')).toBeInTheDocument();
    expect(String(calls('/details').at(-1)![0])).toContain('large=1');
  });

  it('marks an opened unread mail as read and links Reply to the draft page', async () => {
    setAuthenticated(user());
    detailsAnswer = () => details({ is_seen: false });
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/7',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await screen.findByTitle('Mail content');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/mails/7') && i?.method === 'PATCH' && i.body === JSON.stringify({ is_seen: true })),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Reply' })).toHaveAttribute('href', '/email/draft/new?mode=reply&ma_id=7');
    expect(screen.getByRole('link', { name: 'Forward' })).toHaveAttribute('href', '/email/draft/new?mode=forward&ma_id=7');
  });

  it('shows new mail without a reload when the window gets focus', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const list = await screen.findByRole('list', { name: 'Mails' });
    await within(list).findByText('First today');
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/mails/filter') ? envelope([row(9, 'today', 'Just arrived'), row(1, 'today', 'First today')]) : fallback(input, init),
    );
    fireEvent.focus(window);
    expect(await within(list).findByText('Just arrived')).toBeInTheDocument();
    // The answer was the whole list: what it no longer holds is gone.
    expect(within(list).queryByText('Long ago')).toBeNull();
  });

  it('changes checked mails in bulk', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await screen.findByText('First today');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Check First today' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Check Long ago' }));
    const bar = screen.getByRole('toolbar', { name: 'Checked mails' });
    expect(within(bar).getByText('2 checked')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/mails') && i?.method === 'PATCH')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith('/mails') && i?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      _bulk: [
        { ma_id: 1, is_flagged: true },
        { ma_id: 4, is_flagged: true },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Checked mails' })).toBeNull());
  });

  it('moves with j and k and flags with s', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await screen.findByText('First today');
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/1'));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/2'));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/1'));
    fireEvent.keyDown(window, { key: 's' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/mails/1') && i?.method === 'PATCH' && i.body === JSON.stringify({ is_flagged: true })),
      ).toBe(true),
    );
  });

  it('asks the server to sync one account now', async () => {
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync Sales now' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/mails/sync/2') && i?.method === 'POST')).toBe(true));
  });
  it("shows the s key's flag at once on the open mail's Flag button", async () => {
    detailsAnswer = (url) => details({ ...row(Number(/mails\/(\d+)\/details/.exec(url)![1]), 'today', 'First today') });
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/1',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const article = await screen.findByRole('article', { name: 'First today' });
    await within(article).findByRole('button', { name: 'Flag' });
    await screen.findByRole('button', { name: /^Tom Baxter.*First today/ });
    fireEvent.keyDown(window, { key: 's' });
    expect(await within(article).findByRole('button', { name: 'Remove flag' })).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Flag' })).not.toBeInTheDocument();
  });

  it('lists saved drafts in a Drafts folder: continue, search, locked marked, delete after a question', async () => {
    const draftRow = (mdraft_id: number, mdraft_subject: string, mdraft_locked: boolean) => ({
      mdraft_id,
      mailaccount_id: 1,
      mdraft_subject,
      mdraft_to_arr: [{ name: 'Ann Plum', address: 'ann@plum.example' }],
      mdraft_locked,
      reply_ma_id: null,
      reply_mode: null,
      updated_at: '2026-11-18 10:00:00',
    });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/maildrafts/filter')) {
        const body = JSON.parse(String(init?.body ?? '{}')) as { stext?: string };
        return envelope(body.stext ? [draftRow(5, 'Boiler quote', false)] : [draftRow(6, 'Visit on Monday', true), draftRow(5, 'Boiler quote', false)]);
      }
      return base(input, init);
    });
    setAuthenticated(user());
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Drafts' }));
    const drafts = await screen.findByRole('list', { name: 'Drafts' });
    const visit = await within(drafts).findByRole('link', { name: /Visit on Monday/ });
    expect(visit).toHaveAttribute('href', '/email/draft/6');
    expect(within(visit).getByText('Locked')).toBeInTheDocument();
    expect(within(within(drafts).getByRole('link', { name: /Boiler quote/ })).queryByText('Locked')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Mails' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search drafts' }), { target: { value: 'boiler' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Drafts' })).queryByText('Visit on Monday')).not.toBeInTheDocument());
    expect(JSON.parse(String(calls('/maildrafts/filter').at(-1)![1]?.body))).toEqual({ stext: 'boiler' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete draft Boiler quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the draft "Boiler quote"? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/maildrafts/5') && i?.method === 'DELETE')).toBe(true));
  });

  it("shows conversations when asked: one row per conversation with its size, and the open mail's conversation above it", async () => {
    setAuthenticated(user());
    const inThread = (ma_id: number, subject: string, mail_date: string) => ({ ...row(ma_id, 'today', subject), thread_id: 50, mail_date });
    const thread = [inThread(51, 'Boiler service', '2026-11-18 08:00:00'), inThread(52, 'Re: Boiler service', '2026-11-18 09:00:00')];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/mails/filter')) return envelope([thread[1], row(3, 'today', 'Alone'), thread[0]], 3);
      if (url.includes('/mails/52/thread')) return envelope(thread);
      if (url.includes('/details')) return envelope(details({ ...thread[1] }));
      return base(input, init);
    });
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/52',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const list = await screen.findByRole('list', { name: 'Mails' });
    await within(list).findByText('Boiler service');
    expect(screen.queryByRole('navigation', { name: 'Conversation' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Show conversations' }));
    await waitFor(() => expect(within(list).queryByText('Boiler service')).not.toBeInTheDocument());
    expect(within(list).getByText('Re: Boiler service')).toBeInTheDocument();
    expect(within(list).getByText('Alone')).toBeInTheDocument();
    expect(within(list).getByLabelText('2 mails in the conversation')).toHaveTextContent('2');

    const strip = await screen.findByRole('navigation', { name: 'Conversation' });
    const items = within(strip).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([expect.stringContaining('Boiler service'), expect.stringContaining('Re: Boiler service')]);
    expect(items[1]).toHaveAttribute('aria-current', 'true');
  });
});
