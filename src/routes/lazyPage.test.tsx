import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageProps } from '../pages/types';
import { lazyPage } from './lazyPage';

const route = { id: 'x', path: '/x', title: 'x', page: 'home', layout: 'main' } as unknown as PageProps['route'];
const Shown = ({ title }: PageProps) => <h1>{title}</h1>;

describe('a lazily loaded page', () => {
  it('is fetched once when preloaded and then rendered', async () => {
    const load = vi.fn(() => Promise.resolve({ Shown }));
    const Page = lazyPage(load, 'Shown');
    Page.preload();
    Page.preload();
    render(
      <Suspense fallback="loading">
        <Page route={route} title="The page" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is fetched again by the render when the preload failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Shown });
    const Page = lazyPage(load, 'Shown');
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // The failed fetch has settled before the page is first rendered.
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback="loading">
        <Page route={route} title="Back online" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Back online' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
