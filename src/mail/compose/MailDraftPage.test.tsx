import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, configureApi } from '../../dataProvider/apiClient';
import { composeProvider } from './composeProvider';
import { renderWithApp } from '../../test/renderWithApp';
import type { AppRoute } from '../../routes/types';
import { MailDraftPage } from './MailDraftPage';
import { DraftEditor } from './DraftEditor';

const envelope = (key: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const route = { id: 'emailDraft', path: '/email/draft/:id?' } as unknown as AppRoute;
const draft = {
  mdraft_id: 12,
  mailaccount_id: 1,
  mal_id: null,
  from: { name: '', address: 'o@x.example' },
  mdraft_to_arr: [],
  mdraft_cc_arr: [],
  mdraft_bcc_arr: [],
  mdraft_subject: 'Re: Tap',
  mdraft_html: '<p>Rich <strong>body</strong></p>',
  mdraft_locked: false,
  mdraft_lock_reason: null,
  reply_ma_id: 5,
  reply_mode: 'reply',
  mdraft_version: 1,
  updated_at: '',
  attachments: [],
};

// The rich editor is a chunk of its own (BodyEditor.tsx); loaded once here, as a browser would have
// it cached, so the test's wait is for the draft and not for transforming tiptap on a busy machine.
beforeAll(async () => {
  await import('./RichBody');
}, 60_000);

describe('MailDraftPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('maildrafts/filter')) return envelope('maildrafts', [{ mdraft_id: 9, mdraft_subject: 'Re: Tap', reply_ma_id: 5, updated_at: '' }]);
      if (url.includes('maildrafts/create')) return envelope('maildrafts', { ...draft, body: init?.body }, 201);
      if (url.includes('/details')) return envelope('maildrafts', draft);
      const key = /api\/(\w+)\//.exec(url)?.[1] ?? 'x';
      return envelope(key, []);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers to continue or replace a draft that answers the same mail; replace sends replace_id', async () => {
    await renderWithApp(<MailDraftPage route={route} title="Draft" />, {
      path: '/email/draft/new?mode=reply&ma_id=5',
      routePath: '/email/draft/:id?',
      dataProvider: composeProvider(api),
    });
    expect(await screen.findByText('A draft already exists')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/draft/12'));
    const create = fetchMock.mock.calls.find(([u]) => String(u).includes('maildrafts/create'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ reply_ma_id: 5, mode: 'reply', replace_id: 9 });
  });

  it('continues the existing draft without creating one', async () => {
    await renderWithApp(<MailDraftPage route={route} title="Draft" />, {
      path: '/email/draft/new?mode=reply&ma_id=5',
      routePath: '/email/draft/:id?',
      dataProvider: composeProvider(api),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/draft/9'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('maildrafts/create'))).toBe(false);
  });

  it('shows the body in the rich text editor when the setting asks for it', async () => {
    await renderWithApp(<DraftEditor draftId={12} editor="ckeditor" autosaveMs={60_000} />, { dataProvider: composeProvider(api) });
    expect(await screen.findByText('body', { selector: 'strong' })).toBeInTheDocument();
  });

  const failing = (status: number) =>
    new Response(
      JSON.stringify({
        maildrafts: {
          data: null,
          warning: null,
          dbErrors: [{ error: 'X', primary: 'x', details: null, general: status === 403 ? 'record' : null }],
          metadata: { server_datetime: '', userData: { isLogged: true } },
        },
      }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );

  it.each([
    [404, 'The requested email/draft does not exist or you do not have permission to view it.'],
    [500, 'Error loading email/draft.'],
  ])('answers a draft that fails to load with %s with the matching text', async (status, text) => {
    fetchMock.mockImplementation(async () => failing(status));
    await renderWithApp(<DraftEditor draftId={12} editor="ckeditor" autosaveMs={60_000} />, { dataProvider: composeProvider(api) });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [404, 'The requested email/draft does not exist or you do not have permission to view it.'],
    [403, 'The requested email/draft does not exist or you do not have permission to view it.'],
    [500, 'Error loading email/draft.'],
  ])('answers a reply to a mail that fails with %s with the matching text', async (status, text) => {
    fetchMock.mockImplementation(async () => failing(status));
    await renderWithApp(<MailDraftPage route={route} title="Draft" />, {
      path: '/email/draft/new?mode=reply&ma_id=5',
      routePath: '/email/draft/:id?',
      dataProvider: composeProvider(api),
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
