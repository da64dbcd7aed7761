/** The triage list: unrouted mails with the router's suggestions, filed with one click. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import { routingStub } from './routingStub';
import { TriagePage } from './TriagePage';
import type { UnroutedMail } from './routingProvider';
import { mailAccount } from '../client/testAccounts';

/** The triage calls and the user's inboxes (one unless told). */
const calls = (over: Parameters<typeof routingStub>[0], inboxes = [mailAccount(1, 'Office')]) => ({
  ...routingStub(over),
  mailAccounts: vi.fn().mockResolvedValue(inboxes),
});

const leak: UnroutedMail = {
  ma_id: 41,
  mailaccount_id: 1,
  mail_subject: 'Two jobs',
  mail_from: { name: 'Agent', address: 'agent@lets.example' },
  mail_date: '2026-11-02 09:30:00',
  suggestions: [
    { job_id: 2, job_number: 'PLB-000013', score: 0.6, reason: 'body_number' },
    { job_id: 1, job_number: 'PLB-000012', score: 0.2, reason: 'sender' },
  ],
};
const bare: UnroutedMail = { ...leak, ma_id: 42, mail_subject: 'No clue', suggestions: [] };

describe('TriagePage', () => {
  it('lists unrouted mails with their suggestions and files one with a click', async () => {
    const unroutedMails = vi
      .fn()
      .mockResolvedValueOnce({ rows: [leak, bare], total: 2 })
      .mockResolvedValue({ rows: [bare], total: 1 });
    const provider = calls({ unroutedMails });
    await renderWithApp(<TriagePage route={routeById('mailTriage')!} title="Mails to file" />, { dataProvider: provider });
    expect(await screen.findByText('2 mails to file')).toBeInTheDocument();
    expect(screen.getByText('No suggestion: open the mail to file it by hand.')).toBeInTheDocument();
    const card = screen.getByText('Two jobs').closest('li')!;
    const choices = within(card).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual(['File to PLB-000013', 'File to PLB-000012']);

    fireEvent.click(choices[0]);
    await waitFor(() => expect(provider.fileMail).toHaveBeenCalledWith(41, 2));
    expect(await screen.findByText('1 mail to file')).toBeInTheDocument();
    expect(screen.queryByText('Two jobs')).not.toBeInTheDocument();
  });

  it('files the selected mails to a job suggested for them in one action', async () => {
    const other: UnroutedMail = {
      ...leak,
      ma_id: 43,
      mail_subject: 'Same agent',
      suggestions: [{ job_id: 1, job_number: 'PLB-000012', score: 0.7, reason: 'learned_sender' }],
    };
    const unroutedMails = vi
      .fn()
      .mockResolvedValueOnce({ rows: [leak, other, bare], total: 3 })
      .mockResolvedValue({ rows: [bare], total: 1 });
    const provider = calls({ unroutedMails });
    await renderWithApp(<TriagePage route={routeById('mailTriage')!} title="Mails to file" />, { dataProvider: provider });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select “Two jobs”' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Same agent”' }));
    const bar = screen.getByRole('region', { name: 'Selected mails' });
    expect(within(bar).getByText('2 mails selected')).toBeInTheDocument();
    // PLB-000012 is suggested for both (0.2 + 0.7), PLB-000013 for one (0.6).
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['File 2 mails to PLB-000012', 'File 2 mails to PLB-000013', 'Clear selection']);

    fireEvent.click(within(bar).getByRole('button', { name: 'File 2 mails to PLB-000012' }));
    await waitFor(() => expect(provider.fileMails).toHaveBeenCalledWith([41, 43], 1));
    expect(await screen.findByText('1 mail to file')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected mails' })).not.toBeInTheDocument();
  });

  it("names each mail's inbox to a user who reads several, and lists one inbox when asked", async () => {
    const sales: UnroutedMail = { ...bare, ma_id: 44, mailaccount_id: 2, mail_subject: 'Price list' };
    const unroutedMails = vi.fn(async (_page: number, _limit: number, _signal?: AbortSignal, ids?: number[]) => {
      const rows = [leak, sales].filter((m) => !ids || ids.includes(m.mailaccount_id));
      return { rows, total: rows.length };
    });
    const provider = calls({ unroutedMails }, [mailAccount(1, 'Office'), mailAccount(2, 'Sales')]);
    await renderWithApp(<TriagePage route={routeById('mailTriage')!} title="Mails to file" />, { dataProvider: provider });
    expect(await screen.findByText('Sales · agent@lets.example · 02/11/2026 09:30:00')).toBeInTheDocument();
    expect(screen.getByText('2 mails to file')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Inbox' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(await screen.findByText('1 mail to file')).toBeInTheDocument();
    expect(unroutedMails).toHaveBeenLastCalledWith(1, 25, expect.anything(), [2]);
    expect(screen.queryByText('Two jobs')).not.toBeInTheDocument();
    expect(screen.getByText('Price list')).toBeInTheDocument();
  });

  it('shows no inbox choice to a user who reads one inbox', async () => {
    const provider = calls({ unroutedMails: vi.fn().mockResolvedValue({ rows: [leak], total: 1 }) });
    await renderWithApp(<TriagePage route={routeById('mailTriage')!} title="Mails to file" />, { dataProvider: provider });
    expect(await screen.findByText('agent@lets.example · 02/11/2026 09:30:00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Inbox' })).toBeNull();
  });
});
