import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { ErrorListView } from './ErrorListView';
import { addError, clearErrors, errorCounter } from './errorListStore';

describe('error list view', () => {
  beforeEach(() => {
    clearErrors();
  });

  it('shows the empty notice', async () => {
    await renderWithApp(<ErrorListView />);
    expect(screen.getByText('There are no stored errors.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });

  it('shows each entry with url, message, warning and db details, marked error or warning', async () => {
    addError({ url: '/api/jobs/filter', warning: 'Slow answer' });
    addError({
      url: '/api/departments/create',
      msg: 'Name: Field is required!',
      dbErrors: [{ error: 'VALIDATION', primary: 'Field is required!', details: 'de_name', general: null }],
    });
    await renderWithApp(<ErrorListView />);
    const entries = screen.getAllByTestId('error-entry');
    expect(entries.map((e) => e.getAttribute('data-level'))).toEqual(['error', 'warning']);
    expect(entries[0]).toHaveTextContent('/api/departments/create');
    expect(entries[0]).toHaveTextContent('Name: Field is required!');
    expect(entries[0]).toHaveTextContent('de_name');
    expect(entries[1]).toHaveTextContent('Slow answer');
  });

  it('copy shows copied, or the error state when the clipboard refuses', async () => {
    addError({ url: '/api/x', msg: 'Boom' });
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(<ErrorListView />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toHaveAttribute('data-state', 'copied');
    expect(writeText.mock.calls[0][0]).toContain('/api/x');
    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    expect(await screen.findByRole('button', { name: 'Copy failed' })).toHaveAttribute('data-state', 'error');
  });

  it('clear-all empties the list and resets the counter', async () => {
    addError({ url: '/api/x', msg: 'Boom' });
    await renderWithApp(<ErrorListView />);
    expect(errorCounter.get().count).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.getByText('There are no stored errors.')).toBeInTheDocument());
    expect(errorCounter.get()).toEqual({ count: 0, flag: false });
    expect(window.localStorage.getItem('system-last-errors')).toBe('[]');
  });

  it('follows new errors while open', async () => {
    await renderWithApp(<ErrorListView />);
    act(() => {
      addError({ url: '/api/late', msg: 'Late' });
    });
    expect(await screen.findByText('/api/late')).toBeInTheDocument();
  });
});
