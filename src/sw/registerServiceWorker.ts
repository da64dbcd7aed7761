/** Registers /sw.js at start (SPEC.md point 2); browsers or contexts without service workers skip it. */
export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!('serviceWorker' in nav) || !nav.serviceWorker) return;
  nav.serviceWorker.register('/sw.js').catch((err: unknown) => {
    // The app works without it; a failed registration is only worth a console line.
    console.warn('Service worker registration failed', err);
  });
}
