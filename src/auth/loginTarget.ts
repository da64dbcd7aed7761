/** Where to go after login: the ?to= path if it stays inside this app, otherwise home. */
export function loginTarget(to: string | null): string {
  // Only same-origin paths: '//evil.example' or 'https://…' would turn login into an open redirect.
  if (to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') && !to.startsWith('/login')) return to;
  return '/';
}
