/** Tags and local folders in the mail client: listed under the accounts, they filter the list, and the reading pane's menus change them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { api, configureApi } from '../../dataProvider/apiClient';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import { composeProvider } from '../compose/composeProvider';
import { routingStub } from '../routing/routingStub';
import { mailProvider } from './mailProvider';
import { MailClientPage } from './MailClientPage';
import type { MailDetails, MailListRow } from '../../../core/mail/client/types';
import { mailAccount } from './testAccounts';

const route = routeById('email')!;
const envelope = (key: string, data: unknown) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });
const account = mailAccount(1, 'Office', { folders: [{ ifolder_id: 10, ifolder_name: 'Inbox', ifolder_path: 'INBOX', ifolder_type: 'inbox', unread: 0 }] });
const row = (ma_id: number, subject: string, tag_ids: number[] = [], mf_ids: number[] = []): MailListRow => ({
  ma_id,
  mailaccount_id: 1,
  ma_color: null,
  mail_subject: subject,
  mail_from: { name: 'Tom Baxter', address: 'tom@example.com' },
  mail_to_arr: [],
  mail_date: '2026-11-18 10:00:00',
  date_group: 'today',
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
  tag_ids,
  mf_ids,
});

describe('mail client: tags and local folders', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bodies = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part)).map(([, i]) => JSON.parse(String(i?.body ?? '{}')));

  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    localStorage.clear();
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/mails/accounts')) return envelope('mails', [account]);
      if (url.includes('/mails/filter')) {
        const f = JSON.parse(String(init?.body));
        const all = [row(1, 'Roof quote', [5], [8]), row(2, 'Boiler service')];
        return envelope(
          'mails',
          all.filter((r) => (!f.mt_id || r.tag_ids!.includes(f.mt_id)) && (!f.mf_id || r.mf_ids!.includes(f.mf_id))),
        );
      }
      if (url.includes('/mails/2/details'))
        return envelope('mails', {
          ...row(2, 'Boiler service'),
          tag_ids: undefined,
          mf_ids: undefined,
          mail_cc_arr: [],
          mail_bcc_arr: [],
          job_number: null,
          can_delete: true,
          too_large: false,
          mail_html: '<p>x</p>',
          text: null,
          images_blocked: 0,
        } satisfies MailDetails);
      if (url.includes('/mailtags/list'))
        return envelope('mailtags', [
          { mt_id: 5, mt_name: 'Urgent', mt_color: '#ff0000' },
          { mt_id: 6, mt_name: 'Quotes', mt_color: null },
        ]);
      if (url.includes('/mailfolders/list')) return envelope('mailfolders', [{ mf_id: 8, mf_name: 'Roof works', mail_count: 1 }]);
      if (url.includes('/assign') || url.includes('/addmails')) return envelope(url.includes('mailtags') ? 'mailtags' : 'mailfolders', { ma_ids: [2] });
      return envelope('mails', {});
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the tags and local folders under the accounts; choosing one filters the list, choosing it again leaves it', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } });
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    const pane = await screen.findByRole('navigation', { name: 'Tags and local folders' });
    const list = screen.getByRole('list', { name: 'Mails' });
    await within(list).findByText('Boiler service');
    // A tagged row shows its tag.
    expect(within(list).getByTitle('Urgent')).toBeInTheDocument();

    fireEvent.click(within(within(pane).getByRole('list', { name: 'Tags' })).getByRole('button', { name: 'Urgent' }));
    await waitFor(() => expect(within(list).queryByText('Boiler service')).toBeNull());
    expect(within(list).getByText('Roof quote')).toBeInTheDocument();
    expect(bodies('/mails/filter').at(-1)).toMatchObject({ mt_id: 5 });
    expect(bodies('/mails/filter').at(-1)).not.toHaveProperty('mf_id');

    fireEvent.click(within(within(pane).getByRole('list', { name: 'Local folders' })).getByRole('button', { name: 'Roof works' }));
    await waitFor(() => expect(bodies('/mails/filter').at(-1)).toMatchObject({ mf_id: 8 }));
    expect(bodies('/mails/filter').at(-1)).not.toHaveProperty('mt_id');
    fireEvent.click(within(within(pane).getByRole('list', { name: 'Local folders' })).getByRole('button', { name: 'Roof works' }));
    await within(list).findByText('Boiler service');
    expect(bodies('/mails/filter').at(-1)).not.toHaveProperty('mf_id');

    // An IMAP folder replaces a tag view.
    fireEvent.click(within(within(pane).getByRole('list', { name: 'Tags' })).getByRole('button', { name: 'Quotes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Office Inbox' }));
    await waitFor(() => expect(bodies('/mails/filter').at(-1)).toMatchObject({ ifolder_id: 10 }));
    expect(bodies('/mails/filter').at(-1)).not.toHaveProperty('mt_id');
  });

  it('tags a mail and puts it in a local folder from the reading pane', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } });
    await renderWithApp(<MailClientPage route={route} title="E-mail" />, {
      path: '/email/2',
      routePath: '/email/:id?',
      dataProvider: { ...composeProvider(api), ...mailProvider(api), ...routingStub() },
    });
    await screen.findByTitle('Mail content');
    await within(screen.getByRole('list', { name: 'Mails' })).findByText('Boiler service');
    fireEvent.click(screen.getByRole('button', { name: 'Tags of the mail' }));
    const menu = await screen.findByRole('menu', { name: 'Tags of the mail' });
    const urgent = within(menu).getByRole('menuitemcheckbox', { name: 'Urgent' });
    expect(urgent).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(urgent);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/mailtags/5/assign'))).toBe(true));
    expect(bodies('/mailtags/5/assign')[0]).toEqual({ ma_ids: [2] });
    await waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Urgent' })).toHaveAttribute('aria-checked', 'true'));
    fireEvent.keyDown(menu, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Local folders of the mail' }));
    const folders = await screen.findByRole('menu', { name: 'Local folders of the mail' });
    fireEvent.click(within(folders).getByRole('menuitemcheckbox', { name: 'Roof works' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/mailfolders/8/addmails'))).toBe(true));
    // The folder counts are asked again.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/mailfolders/list')).length).toBe(2));
  });
});
