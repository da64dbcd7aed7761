import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { connectLiveEvents } from '../../events/liveEvents';
import { FakeSource } from '../../test/fakeEventSource';
import { renderWithApp } from '../../test/renderWithApp';
import { SavedElsewhereNotice } from './SavedElsewhereNotice';

describe('SavedElsewhereNotice', () => {
  let close: () => void;
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeSource);
    close = connectLiveEvents('/api/events');
  });
  afterEach(() => {
    close();
    vi.unstubAllGlobals();
  });

  it('warns only when this job was saved elsewhere, and reloads on request', async () => {
    const reload = vi.fn();
    await renderWithApp(<SavedElsewhereNotice jobId={7} onReload={reload} />);
    act(() => FakeSource.last.emit('job', { jobId: 8 }));
    expect(screen.queryByText(/Someone else saved this job/)).toBeNull();

    act(() => FakeSource.last.emit('job', { jobId: 7 }));
    expect(await screen.findByText(/Someone else saved this job after you opened it/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Someone else saved this job/)).toBeNull();
  });
});
