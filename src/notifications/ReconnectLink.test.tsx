import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { ReconnectLink } from './ReconnectLink';

describe('ReconnectLink', () => {
  it('links a reconnect reminder to its provider’s connection page, naming the provider', async () => {
    await renderWithApp(<ReconnectLink row={{ notif_type: 'RECONNECT_NEEDED', notif_params: { provider_name: 'Xero', link: '/xero' } }} />);
    expect(await screen.findByRole('link', { name: 'Connect Xero again' })).toHaveAttribute('href', '/xero');
  });

  it('shows nothing for other reminders, without a link, or for a link outside the app', async () => {
    const { container } = await renderWithApp(
      <>
        <ReconnectLink row={{ notif_type: 'GENERAL', notif_params: { provider_name: 'Xero', link: '/xero' } }} />
        <ReconnectLink row={{ notif_type: 'RECONNECT_NEEDED', notif_params: { provider_name: 'Google', link: null } }} />
        <ReconnectLink row={{ notif_type: 'RECONNECT_NEEDED', notif_params: { provider_name: 'Xero', link: '//evil.example/' } }} />
      </>,
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });
});
