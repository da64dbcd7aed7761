/** The menu's count of mails waiting in triage: shown with its spoken text, gone at zero, read again on a live mail event. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { connectLiveEvents } from '../../events/liveEvents';
import { FakeSource } from '../../test/fakeEventSource';
import { renderWithApp } from '../../test/renderWithApp';
import { routingStub } from './routingStub';
import { TriageMenuCount } from './TriageMenuCount';

describe('TriageMenuCount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the waiting mails and reads them again on the live mail event', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    const close = connectLiveEvents('http://test/api/events');
    const unroutedCount = vi.fn().mockResolvedValueOnce(3).mockResolvedValue(0);
    await renderWithApp(<TriageMenuCount />, { dataProvider: routingStub({ unroutedCount }) });
    expect(await screen.findByText('3 mails waiting to be filed')).toBeInTheDocument();
    expect(screen.getByTestId('triage-count')).toHaveTextContent('3');

    FakeSource.last.onopen?.();
    act(() => FakeSource.last.emit('mail', { accountId: 1 }));
    await waitFor(() => expect(screen.queryByTestId('triage-count')).not.toBeInTheDocument());
    expect(unroutedCount).toHaveBeenCalledTimes(2);
    close();
  });
});
