import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { configureApi } from '../../dataProvider/apiClient';
import { notices } from '../../notices/noticeStore';
import { renderWithApp } from '../../test/renderWithApp';
import { MailSettingsDialog } from './MailSettingsDialog';

const envelope = (key: string, data: unknown, status = 200, dbErrors: unknown = null) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const FOLDER_REFUSAL = 'A folder containing mails cannot be deleted; empty it first.';
const aliases = [
  { mal_id: 1, mailaccount_id: 1, mal_email: 'office@x.example', mal_name: 'Office', mal_is_default: true, ma_name: 'Office' },
  { mal_id: 2, mailaccount_id: 1, mal_email: 'info@x.example', mal_name: 'Info', mal_is_default: false, ma_name: 'Office' },
  { mal_id: 3, mailaccount_id: 2, mal_email: 'sales@x.example', mal_name: 'Sales', mal_is_default: true, ma_name: 'Sales' },
];
const template = { mtpl_id: 4, mailaccount_id: 1, mtpl_name: 'Welcome', mtpl_subject: 'Hi', mtpl_content: '<p>Hello</p>' };

describe('MailSettingsDialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = (method: string, part: string) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(part));
  const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as Record<string, unknown>;

  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const key = /api\/(\w+)\//.exec(url)?.[1] ?? 'x';
      if (url.includes('mailaliases/list')) return envelope(key, aliases);
      if (url.includes('mailtemplates/filter')) return envelope(key, bodyOf([input, init]).mailaccount_id === 1 ? [template] : []);
      if (url.includes('mailtags/filter'))
        return envelope(key, [
          { mt_id: 1, mt_name: 'Urgent', mt_color: '#ff0000' },
          { mt_id: 2, mt_name: 'Later', mt_color: '#0288d1' },
        ]);
      if (url.includes('mailfolders/filter')) return envelope(key, [{ mf_id: 3, mf_name: 'Invoices', mail_count: 2 }]);
      if (url.includes('mailfolders/3') && method === 'DELETE')
        return envelope(key, null, 409, [{ error: 'CONFLICT', primary: FOLDER_REFUSAL, details: 'mf_id', general: null }]);
      if (url.endsWith('/filter')) return envelope(key, []);
      if (method === 'PATCH' || url.endsWith('/create')) return envelope(key, { ...bodyOf([input, init]) }, method === 'PATCH' ? 200 : 201);
      return envelope(key, null, 404);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthState();
  });

  const open = async (tab?: string) => {
    await renderWithApp(<MailSettingsDialog open onClose={() => undefined} />, { dataProvider: {} });
    expect(await screen.findByRole('combobox', { name: 'Mail account' })).toHaveTextContent('Office');
    if (tab) fireEvent.click(screen.getByRole('tab', { name: tab }));
  };

  it('refuses a signature without content with the spec message and sends nothing', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Regards' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Signature content is required!')).toBeInTheDocument();
    expect(calls('POST', 'mailsignatures/create')).toHaveLength(0);
  });

  it('creates a signature for the chosen account with the plain editor', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'O', settings: { emailEditor: 'quasar' } } as CurrentUser);
    await open();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mail account' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sales' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Regards' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Best regards' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('POST', 'mailsignatures/create')).toHaveLength(1));
    const body = bodyOf(calls('POST', 'mailsignatures/create')[0]);
    expect(body).toMatchObject({ mailaccount_id: 2, ms_name: 'Regards' });
    expect(String(body.ms_signature)).toContain('Best regards');
    expect(screen.queryByText('Signature content is required!')).not.toBeInTheDocument();
  });

  it('edits a template of the account and sends the change', async () => {
    await open('Templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Hi');
    fireEvent.change(subject, { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PATCH', 'mailtemplates/4')).toHaveLength(1));
    expect(bodyOf(calls('PATCH', 'mailtemplates/4')[0])).toEqual({
      mailaccount_id: 1,
      mtpl_name: 'Welcome',
      mtpl_subject: 'Hello there',
      mtpl_content: '<p>Hello</p>',
    });
    // Back on the list, reloaded for the same account.
    expect(await screen.findByRole('button', { name: 'Edit Welcome' })).toBeInTheDocument();
    expect(calls('POST', 'mailtemplates/filter').every((c) => bodyOf(c).mailaccount_id === 1)).toBe(true);
  });

  it('shows the server refusal when deleting a folder with mails and keeps it listed', async () => {
    await open('Folders');
    expect(await screen.findByText('2 mails')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Invoices' }));
    expect(screen.getByText('Delete "Invoices"?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', 'mailfolders/3')).toHaveLength(1));
    await waitFor(() => expect(notices.notices.get().map((n) => n.message)).toContain(FOLDER_REFUSAL));
    expect(await screen.findByText('Invoices')).toBeInTheDocument();
  });

  it('lists tags with colour swatches and saves a picked colour', async () => {
    await open('Tags');
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Color #ff0000' })).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
    expect(screen.getByRole('img', { name: 'Color #0288d1' })).toBeInTheDocument();
    expect(screen.getByText('Tags and folders are shared by all mail accounts.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Waiting' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use color #388e3c' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('POST', 'mailtags/create')).toHaveLength(1));
    expect(bodyOf(calls('POST', 'mailtags/create')[0])).toEqual({ mt_name: 'Waiting', mt_color: '#388e3c' });
  });

  it('shows the refusal in place when no mail account is linked, and still offers tags', async () => {
    const refusal = 'There is no mail account linked to your account.';
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('mailaliases/list')
        ? envelope('mailaliases', null, 403, [{ error: 'FORBIDDEN', primary: refusal, details: null, general: 'record' }])
        : fallback(input, init),
    );
    await renderWithApp(<MailSettingsDialog open onClose={() => undefined} />, { dataProvider: {} });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(calls('POST', 'mailsignatures/filter')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Tags' }));
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
  });
});
