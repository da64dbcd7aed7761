/** The reading pane's failure texts (SPEC.md point 8), its Bcc line and the partly-read notice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetAuthState } from '../../auth/authStore';
import { api, configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import { routingStub } from '../routing/routingStub';
import { mailProvider } from './mailProvider';
import { ReadingPane } from './ReadingPane';
import type { MailDetails } from '../../../core/mail/client/types';

const NOT_FOUND = 'The requested email/draft does not exist or you do not have permission to view it.';
const LOAD_FAILED = 'Error loading email/draft.';

const answer = (status: number, data: unknown, error: string | null = null) =>
  new Response(
    JSON.stringify({
      mails: {
        data,
        warning: null,
        dbErrors: error ? [{ error, primary: error, details: null, general: status === 403 ? 'record' : null }] : null,
        metadata: { server_datetime: '', userData: { isLogged: true } },
      },
    }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );

const details: MailDetails = {
  ma_id: 7,
  mailaccount_id: 1,
  ma_color: null,
  mail_subject: 'Quote for the roof',
  mail_from: { name: 'Office', address: 'office@demo.test' },
  mail_to_arr: [{ name: 'Client', address: 'client@example.com' }],
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
  thread_id: 7,
  snippet: '',
  mail_cc_arr: [],
  mail_bcc_arr: [{ name: 'Boss', address: 'boss@demo.test' }],
  job_number: null,
  can_delete: true,
  too_large: false,
  mail_html: '<p>Roof</p>',
  text: null,
  images_blocked: 0,
};

const labels = { tags: [], folders: [], reload: () => undefined };
const pane = (routing = routingStub()) =>
  renderWithApp(<ReadingPane id={7} onChanged={() => undefined} onRemoved={() => undefined} labels={labels} />, {
    dataProvider: { ...mailProvider(api), ...routing },
  });

describe('ReadingPane', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [404, 'NOT_FOUND', NOT_FOUND],
    [403, 'FORBIDDEN', NOT_FOUND],
    [500, 'INTERNAL', LOAD_FAILED],
    [409, 'CONFLICT', LOAD_FAILED],
  ])('answers %s with the matching text', async (status, code, text) => {
    fetchMock.mockImplementation(async () => answer(status, null, code));
    await pane();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(text === NOT_FOUND ? LOAD_FAILED : NOT_FOUND)).not.toBeInTheDocument();
  });

  it('says loading failed when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await pane();
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });

  it('shows the Bcc line when the mail has blind copies, and none when it has not', async () => {
    fetchMock.mockImplementation(async () => answer(200, details));
    const { unmount } = await pane();
    expect(await screen.findByText('Bcc')).toBeInTheDocument();
    expect(screen.getByText('Boss <boss@demo.test>')).toBeInTheDocument();
    unmount();
    fetchMock.mockImplementation(async () => answer(200, { ...details, mail_bcc_arr: [] }));
    await pane();
    expect(await screen.findByText('Client <client@example.com>')).toBeInTheDocument();
    expect(screen.queryByText('Bcc')).not.toBeInTheDocument();
  });

  it('marks a mail the sync could only partly read, with a link to its original source', async () => {
    fetchMock.mockImplementation(async () => answer(200, { ...details, mail_html: null, text: 'Plain part', partial: 'HTML nested deeper than 1000 levels' }));
    const { unmount } = await pane();
    expect(await screen.findByText(/could only partly be read/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the original message' })).toHaveAttribute('href', 'http://test/api/mails/7/source');
    unmount();
    fetchMock.mockImplementation(async () => answer(200, { ...details, partial: null }));
    await pane();
    expect(await screen.findByText('Client <client@example.com>')).toBeInTheDocument();
    expect(screen.queryByText(/could only partly be read/)).not.toBeInTheDocument();
  });

  it("says why the mail was filed, by the router and when, in the reader's words", async () => {
    fetchMock.mockImplementation(async () => answer(200, { ...details, job_id: 12, job_number: 'PLB-000012' }));
    const mailRouting = vi.fn().mockResolvedValue({
      ma_id: 7,
      job_ids: [12],
      reason: 'subject_number',
      reason_params: { job: 'PLB-000012' },
      reason_text: 'the subject names PLB-000012',
      by: 'router',
      at: '2026-11-02 09:30:00',
    });
    await pane(routingStub({ mailRouting }));
    expect(await screen.findByTestId('mail-routing')).toHaveTextContent(/^Filed by the router, .+: the subject names PLB-000012$/);
    expect(mailRouting).toHaveBeenCalledWith(7, expect.anything());
  });
});
