/**
 * The user's accounts and which are switched on: an account is on unless its id is in the stored
 * disabled list (SPEC.md point 3); toggle-all turns all off when all are on, else all on.
 */
import { useCallback, useEffect, useState } from 'react';
import { clientStorage, type Id } from '../../storage/clientStorage';
import { mailApi } from './mailApi';
import type { MailAccountInfo } from '../../../core/mail/client/types';

export function toggleOne(disabled: Id[], id: number): Id[] {
  const s = String(id);
  return disabled.map(String).includes(s) ? disabled.filter((d) => String(d) !== s) : [...disabled, id];
}

export function toggleAll(disabled: Id[], accounts: MailAccountInfo[]): Id[] {
  const allOn = accounts.every((a) => !disabled.map(String).includes(String(a.mailaccount_id)));
  return allOn ? accounts.map((a) => a.mailaccount_id) : [];
}

export function useMailAccounts() {
  const [accounts, setAccounts] = useState<MailAccountInfo[] | null>(null);
  const [disabled, setDisabled] = useState<Id[]>(() => clientStorage.disabledMailAccounts.get());
  const reload = useCallback(() => {
    void mailApi.accounts().then(setAccounts);
  }, []);
  useEffect(reload, [reload]);
  const store = (next: Id[]) => {
    clientStorage.disabledMailAccounts.set(next);
    setDisabled(next);
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
