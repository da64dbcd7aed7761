import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { closeErrorDialog, errorDialogOpen } from '../errors/errorDialogStore';
import { renderWithApp } from '../test/renderWithApp';
import { NoticeArea } from './NoticeArea';
import { notices } from './noticeStore';

describe('notice area', () => {
  beforeEach(() => {
    notices.notices.get().forEach((n) => notices.dismiss(n.id));
    closeErrorDialog();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stacks the same notice with a count badge and keeps kinds apart', async () => {
    await renderWithApp(<NoticeArea />);
    act(() => {
      notices.push('error', 'Boom');
      notices.push('error', 'Boom');
      notices.push('success', 'Saved');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Boom');
    expect(error).toHaveAttribute('data-count', '2');
    expect(region).toHaveTextContent('2');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('clicking an error notice opens the error-list dialog; closing it does not', async () => {
    await renderWithApp(<NoticeArea />);
    act(() => notices.push('error', 'Boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(errorDialogOpen.get()).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => notices.push('error', 'Again'));
    fireEvent.click(screen.getByRole('alert'));
    expect(errorDialogOpen.get()).toBe(true);
  });

  it('success notices leave after 1 s, errors after 15 s', async () => {
    await renderWithApp(<NoticeArea />);
    vi.useFakeTimers();
    act(() => {
      notices.push('success', 'Saved');
      notices.push('error', 'Boom');
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Boom')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(14000));
    expect(screen.queryByText('Boom')).toBeNull();
  });
});
