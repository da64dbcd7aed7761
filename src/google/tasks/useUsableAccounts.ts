/** The user's Google accounts that tasks may use: selected (SPEC point 4) and accepted by Google. */
import { useQuery } from '@tanstack/react-query';
import { GOOGLE_ACCOUNTS_KEY, useGoogleProvider } from '../googleProvider';

export function useUsableAccounts() {
  const google = useGoogleProvider();
  const accounts = useQuery({ queryKey: GOOGLE_ACCOUNTS_KEY, queryFn: ({ signal }) => google.googleAccounts(signal) });
  return { loaded: accounts.isSuccess, usable: (accounts.data ?? []).filter((a) => a.google_account_selected && a.status === 'connected') };
}
