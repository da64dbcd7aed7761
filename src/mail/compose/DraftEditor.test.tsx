import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, configureApi } from '../../dataProvider/apiClient';
import { composeProvider } from './composeProvider';
import { renderWithApp } from '../../test/renderWithApp';
import { DraftEditor } from './DraftEditor';
import type { Draft, FromAlias } from './types';

const envelope = (key: string, data: unknown, status = 200, dbErrors: unknown = null) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function draft(over: Partial<Draft> = {}): Draft {
  return {
    mdraft_id: 7,
    mailaccount_id: 1,
    mal_id: 3,
    from: { name: 'Office', address: 'office@x.example' },
    mdraft_to_arr: [],
    mdraft_cc_arr: [],
    mdraft_bcc_arr: [],
    mdraft_subject: 'Hello',
    mdraft_html: '<p>Body</p>',
    mdraft_locked: false,
    mdraft_lock_reason: null,
    reply_ma_id: null,
    reply_mode: null,
    mdraft_version: 1,
    updated_at: '',
    attachments: [],
    ...over,
  };
}

describe('DraftEditor', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let current: Draft;
  let aliases: FromAlias[];
  const calls = (method: string, part: string) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(part));

  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    current = draft();
    aliases = [{ mal_id: 3, mailaccount_id: 1, mal_email: 'office@x.example', mal_name: 'Office', mal_is_default: true, ma_name: 'Office', can_send: true }];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.includes('mailaliases/list')) return envelope('mailaliases', aliases);
      if (url.includes('mailsignatures/list')) return envelope('mailsignatures', []);
      if (url.includes('mailtemplates/list')) return envelope('mailtemplates', []);
      if (url.includes('/unlock')) {
        current = { ...current, mdraft_locked: false, mdraft_version: current.mdraft_version + 1 };
        return envelope('maildrafts', current);
      }
      if (method === 'PATCH') {
        const body = JSON.parse(String(init?.body));
        current = { ...current, ...body, mdraft_version: current.mdraft_version + 1 };
        return envelope('maildrafts', { skipped: false, draft: current });
      }
      if (method === 'DELETE' && url.includes('/attachments/')) {
        const fileId = Number(url.split('/attachments/')[1]);
        current = { ...current, attachments: current.attachments.filter((f) => f.file_id !== fileId), mdraft_version: current.mdraft_version + 1 };
        return envelope('maildrafts', current);
      }
      if (url.includes('/details')) return envelope('maildrafts', current);
      return envelope('maildrafts', null, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('autosave makes no call while nothing changed, and sends the body only when it changed', async () => {
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    const subject = await screen.findByLabelText('Subject');
    await new Promise((r) => setTimeout(r, 150));
    expect(calls('PATCH', 'maildrafts/7')).toHaveLength(0);

    fireEvent.change(subject, { target: { value: 'Hello again' } });
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1));
    const first = JSON.parse(String(calls('PATCH', 'maildrafts/7')[0][1]?.body));
    expect(first).toEqual({ mdraft_version: 1, mdraft_subject: 'Hello again' });

    await new Promise((r) => setTimeout(r, 150));
    expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'New body' } });
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7')).toHaveLength(2));
    expect(JSON.parse(String(calls('PATCH', 'maildrafts/7')[1][1]?.body))).toEqual({ mdraft_version: 2, mdraft_html: '<p>New body</p>' });
  });

  it('checks addresses with the SPEC.md texts before sending', async () => {
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={60_000} />, { dataProvider: composeProvider(api) });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('No address')).toBeInTheDocument();
    expect(calls('POST', 'updateAndSend')).toHaveLength(0);

    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: 'not-an-address' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(await screen.findByText('Invalid email format!')).toBeInTheDocument();

    fireEvent.change(to, { target: { value: 'Ann <ann@client.example>' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(await screen.findByText('Ann <ann@client.example>')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email format!')).not.toBeInTheDocument();
  });

  it('sends when Send is pressed while an autosave is on its way, after it, with what it did not carry', async () => {
    current = draft({ mdraft_to_arr: [{ name: 'Ann', address: 'ann@client.example' }] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'PATCH') await held;
      if (String(input).includes('updateAndSend')) return envelope('maildrafts', { ...current, mdraft_version: current.mdraft_version + 1 });
      return answer(input, init);
    });
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Saved by the autosave' } });
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Carried by the send' } });

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls('POST', 'updateAndSend')).toHaveLength(0);
    release();
    await waitFor(() => expect(calls('POST', 'updateAndSend')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', 'updateAndSend')[0][1]?.body))).toMatchObject({ mdraft_version: 2, mdraft_subject: 'Carried by the send' });
  });

  it('shows a locked draft with Unlock and does not save it until unlocked', async () => {
    current = draft({ mdraft_locked: true, mdraft_lock_reason: 'Connection refused' });
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    expect(await screen.findByText(/This draft is locked\. Connection refused/)).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeDisabled();
    await new Promise((r) => setTimeout(r, 150));
    expect(calls('PATCH', 'maildrafts/7')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(calls('POST', '/unlock')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Subject')).not.toBeDisabled());
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Fixed' } });
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', 'maildrafts/7')[0][1]?.body))).toEqual({ mdraft_version: 2, mdraft_subject: 'Fixed' });
  });

  it('tells the second editor that another user changed the draft and stops saving until reloaded', async () => {
    const stale = 'This draft is locked: it was changed by another user. Reload it to continue.';
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH'
        ? envelope('maildrafts', null, 409, [{ error: 'CONFLICT', primary: stale, details: 'mdraft_version', general: null }])
        : base(input, init),
    );
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Mine' } });
    expect(await screen.findByText(stale)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 150));
    expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1);
    expect(screen.getByLabelText('Subject')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('Hello'));
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
  });

  it("lists a forward's attachments with their sizes and removes one like an uploaded file", async () => {
    current = draft({
      reply_ma_id: 40,
      reply_mode: 'forward',
      mdraft_subject: 'Fwd: Quote',
      attachments: [
        { file_id: 11, f_name: 'quote.pdf', f_size: 2048, f_type: 'application/pdf' },
        { file_id: 12, f_name: 'photo.jpg', f_size: 300, f_type: 'image/jpeg' },
      ],
    });
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    expect(await screen.findByText('quote.pdf (2.0 KB)')).toBeInTheDocument();
    expect(screen.getByText('photo.jpg (300 B)')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Remove quote.pdf'));
    await waitFor(() => expect(screen.queryByText('quote.pdf (2.0 KB)')).not.toBeInTheDocument());
    expect(calls('DELETE', 'maildrafts/7/attachments/11')).toHaveLength(1);
    expect(screen.getByText('photo.jpg (300 B)')).toBeInTheDocument();

    // The removal bumped the version: the next save is made from it, not refused as stale.
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Fwd: Quote, photo only' } });
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7')).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', 'maildrafts/7')[0][1]?.body))).toEqual({ mdraft_version: 2, mdraft_subject: 'Fwd: Quote, photo only' });
  });
  it('says before writing that the account cannot send, why, and switches to an account that can', async () => {
    aliases = [
      { mal_id: 3, mailaccount_id: 1, mal_email: 'office@x.example', mal_name: 'Office', mal_is_default: true, ma_name: 'Office', can_send: false },
      { mal_id: 8, mailaccount_id: 2, mal_email: 'sales@x.example', mal_name: 'Sales', mal_is_default: true, ma_name: 'Sales', can_send: true },
    ];
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Office cannot send mail');
    expect(alert).toHaveTextContent('The account has no outgoing mail server');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Send from sales@x.example' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await waitFor(() => expect(calls('PATCH', 'maildrafts/7').length).toBeGreaterThan(0));
    expect(JSON.parse(String(calls('PATCH', 'maildrafts/7').at(-1)![1]?.body))).toMatchObject({ mal_id: 8, mailaccount_id: 2 });
  });

  it('says when the account has no templates or signatures and opens Mail settings on them', async () => {
    await renderWithApp(<DraftEditor draftId={7} editor="quasar" autosaveMs={40} />, { dataProvider: composeProvider(api) });
    expect(await screen.findByText('This account has no templates yet.')).toBeInTheDocument();
    expect(screen.getByText('This account has no signatures yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add them in Mail settings' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Mail settings' });
    expect(within(dialog).getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  });
});
