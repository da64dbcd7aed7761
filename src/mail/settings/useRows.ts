/**
 * A settings list through react-query: null while loading, undefined when it failed; `reload`
 * after a change. The key names the list (and the account), so switching accounts shows that
 * account's list and never a late answer of the previous one.
 */
import { useQuery } from '@tanstack/react-query';

export function useRows<Row>(key: readonly unknown[], load: () => Promise<Row[]>) {
  const query = useQuery({ queryKey: ['mailSettings', ...key], queryFn: load, retry: false });
  const rows = query.isPending ? null : query.isError ? undefined : query.data;
  return { rows, reload: async () => void (await query.refetch()) };
}
