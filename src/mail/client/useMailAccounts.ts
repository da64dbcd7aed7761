/**
 * The user's accounts and which are switched on (SPEC.md point 4): an account is on unless its id is
 * in the stored disabled list; toggle-all turns all off when all are on, else all on. An IMAP
 * account's list is the client's storage; a Microsoft mailbox's (an account with `msa_id`) is the
 * user's list stored on the server, the one its dashboard switch keeps, so both screens agree and
 * the mail lists leave a switched-off mailbox out alike.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientStorage, type Id } from '../../storage/clientStorage';
import { MAIL_ACCOUNTS_KEY, useMailAccountList, useMailProvider } from './mailProvider';
import type { MailAccountInfo } from '../../../core/mail/client/types';

export function toggleOne(disabled: Id[], id: number): Id[] {
  const s = String(id);
  return disabled.map(String).includes(s) ? disabled.filter((d) => String(d) !== s) : [...disabled, id];
}

export function toggleAll(disabled: Id[], accounts: MailAccountInfo[]): Id[] {
  const allOn = accounts.every((a) => !disabled.map(String).includes(String(a.mailaccount_id)));
  return allOn ? accounts.map((a) => a.mailaccount_id) : [];
}

const isStored = (a: MailAccountInfo) => a.msa_id !== null && a.msa_id !== undefined;

/**
 * The disabled list as the screen shows it: the client's ids of its own accounts (a stale id of a
 * Microsoft mailbox there is not read) and the Microsoft mailboxes the user switched off.
 */
export function mergedDisabled(local: Id[], accounts: MailAccountInfo[] | null): Id[] {
  if (!accounts) return local;
  const stored = new Set(accounts.filter(isStored).map((a) => String(a.mailaccount_id)));
  return [...local.filter((id) => !stored.has(String(id))), ...accounts.filter((a) => isStored(a) && a.selected === false).map((a) => a.mailaccount_id)];
}

export function useMailAccounts() {
  const provider = useMailProvider();
  const queries = useQueryClient();
  const { data: accounts = null } = useMailAccountList();
  const [local, setLocal] = useState<Id[]>(() => clientStorage.disabledMailAccounts.get());
  const reload = useCallback(() => void queries.invalidateQueries({ queryKey: MAIL_ACCOUNTS_KEY }), [queries]);
  const disabled = mergedDisabled(local, accounts);
  const store = (next: Id[]) => {
    // Only the client's own accounts go to its storage; the Microsoft mailboxes' choice goes to the server.
    const stored = new Set((accounts ?? []).filter(isStored).map((a) => String(a.mailaccount_id)));
    const own = next.filter((id) => !stored.has(String(id)));
    clientStorage.disabledMailAccounts.set(own);
    setLocal(own);
    const changed = (accounts ?? []).filter((a) => isStored(a) && a.selected === next.map(String).includes(String(a.mailaccount_id)));
    if (!changed.length) return;
    const off = new Set(next.map(String));
    const ids = new Set(changed.map((a) => a.mailaccount_id));
    // Shown at once; the server's answer (or a refusal) is what the next load shows.
    queries.setQueryData<MailAccountInfo[]>(MAIL_ACCOUNTS_KEY, (prev) =>
      prev?.map((a) => (ids.has(a.mailaccount_id) ? { ...a, selected: !off.has(String(a.mailaccount_id)) } : a)),
    );
    void Promise.all(changed.map((a) => provider.mailSelectMailbox(a.msa_id!, !off.has(String(a.mailaccount_id))).catch(() => null))).then(reload);
  };
  const enabledIds = (accounts ?? []).map((a) => a.mailaccount_id).filter((id) => !disabled.map(String).includes(String(id)));
  return {
    accounts,
    disabled,
    enabledIds,
    reload,
    toggle: (id: number) => store(toggleOne(disabled, id)),
    toggleAll: () => store(toggleAll(disabled, accounts ?? [])),
  };
}
