import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api, configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import type { MailListFilter, MailListRow } from '../../../core/mail/client/types';
import { useMailChanges } from './useMailChanges';
import { mailProvider } from './mailProvider';
import { useMailList } from './useMailList';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ mails: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });
const row = (ma_id: number, subject: string) => ({ ma_id, mail_subject: subject, mail_date: '2026-11-18 10:00:00' }) as MailListRow;
const FILTER: MailListFilter = { mailaccount_ids: [1] };

/** The list as the mail client wires it: refreshed when the change token moves. */
function Inbox({ pollMs }: { pollMs: number }) {
  const list = useMailList(FILTER);
  useMailChanges(list.refresh, pollMs);
  return (
    <ul aria-label="Mails">
      {list.rows.map((r) => (
        <li key={r.ma_id}>{r.mail_subject}</li>
      ))}
    </ul>
  );
}

describe('useMailChanges', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let token: string;
  let serverRows: MailListRow[];
  const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    token = '100.1';
    serverRows = [row(1, 'Already here')];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/mails/changes')) return envelope({ token, changed: !url.endsWith(`since=${token}`) && url.includes('since=') });
      if (url.includes('/mails/filter')) return envelope(serverRows);
      return envelope({});
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes the list without a reload when the change token moves, and only then', async () => {
    await renderWithApp(<Inbox pollMs={40} />, { dataProvider: mailProvider(api) });
    expect(await screen.findByText('Already here')).toBeInTheDocument();
    // The server has new mail in store, but the token has not moved: the list is not asked again.
    serverRows = [row(2, 'Just arrived'), row(1, 'Already here')];
    await waitFor(() => expect(calls('/mails/changes').length).toBeGreaterThanOrEqual(4));
    expect(calls('/mails/filter')).toHaveLength(1);
    expect(screen.queryByText('Just arrived')).not.toBeInTheDocument();

    token = '200.1';
    expect(await screen.findByText('Just arrived')).toBeInTheDocument();
    expect(calls('/mails/filter')).toHaveLength(2);
    expect(calls('/mails/changes').some(([u]) => String(u).includes('since=100.1'))).toBe(true);
  });

  it('does not ask while the tab is hidden', async () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await renderWithApp(<Inbox pollMs={20} />, { dataProvider: mailProvider(api) });
    await new Promise((r) => setTimeout(r, 150));
    expect(calls('/mails/changes')).toHaveLength(0);
    hidden.mockReturnValue('visible');
    await waitFor(() => expect(calls('/mails/changes').length).toBeGreaterThan(0));
    hidden.mockRestore();
  });
});
