import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientStorage } from '../../storage/clientStorage';
import { WithDataProvider } from '../../test/WithDataProvider';
import type { MailAccountInfo } from '../../../core/mail/client/types';
import type { MailProvider } from './mailProvider';
import { mailAccount } from './testAccounts';
import { mergedDisabled, toggleAll, toggleOne, useMailAccounts } from './useMailAccounts';

/** The two calls the hook makes, through a data provider as in the app. */
const mailApi = {
  accounts: vi.fn<MailProvider['mailAccounts']>(),
  selectMailbox: vi.fn<MailProvider['mailSelectMailbox']>(),
};
const provider = { mailAccounts: () => mailApi.accounts(), mailSelectMailbox: (id: number, on: boolean) => mailApi.selectMailbox(id, on) };
const withProvider = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <WithDataProvider dataProvider={provider}>{children}</WithDataProvider>
  </MemoryRouter>
);
const renderAccounts = () => renderHook(useMailAccounts, { wrapper: withProvider });

const account = (id: number) => mailAccount(id);
const accounts = [account(1), account(2), account(3)];

/**
 * SPEC.md point 4: "an account is selected unless its id is in the stored disabled list. Toggling
 * one account, or all, updates the selected list and the stored disabled list. Toggle-all
 * deselects everything if all are selected, otherwise it selects all."
 */
describe('mail account selection (SPEC.md point 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 3, 10, 0));
    vi.mocked(mailApi.accounts).mockResolvedValue(accounts);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(mailApi.accounts).mockReset();
  });

  it('toggling one account adds it to the disabled list, toggling again removes it (ids compared as text)', () => {
    expect(toggleOne([], 2)).toEqual([2]);
    expect(toggleOne([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleOne(['2', 5], 2)).toEqual([5]);
    expect(toggleOne(['5'], 2)).toEqual(['5', 2]);
  });

  it('toggle-all deselects everything when all are selected', () => {
    expect(toggleAll([], accounts)).toEqual([1, 2, 3]);
    // an id in the list that is no account of the user does not make one unselected
    expect(toggleAll([99], accounts)).toEqual([1, 2, 3]);
  });

  it('toggle-all selects all when at least one is not selected', () => {
    expect(toggleAll([2], accounts)).toEqual([]);
    expect(toggleAll(['3'], accounts)).toEqual([]);
    expect(toggleAll([1, 2, 3], accounts)).toEqual([]);
  });

  it('loads the accounts and selects those not in the stored disabled list', async () => {
    clientStorage.disabledMailAccounts.set(['2']);
    const { result } = renderAccounts();
    expect(result.current.accounts).toBeNull();
    expect(result.current.enabledIds).toEqual([]);
    await waitFor(() => expect(result.current.accounts).toEqual(accounts));
    expect(result.current.disabled).toEqual(['2']);
    expect(result.current.enabledIds).toEqual([1, 3]);
  });

  it('toggle and toggle-all update the selected list and the stored disabled list', async () => {
    const { result } = renderAccounts();
    await waitFor(() => expect(result.current.accounts).toEqual(accounts));
    expect(result.current.enabledIds).toEqual([1, 2, 3]);

    act(() => result.current.toggle(1));
    expect(result.current.enabledIds).toEqual([2, 3]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([1]);

    act(() => result.current.toggleAll());
    expect(result.current.enabledIds).toEqual([1, 2, 3]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);

    act(() => result.current.toggleAll());
    expect(result.current.enabledIds).toEqual([]);
    expect(result.current.disabled).toEqual([1, 2, 3]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([1, 2, 3]);
  });

  it('reload asks the server again', async () => {
    const { result } = renderAccounts();
    await waitFor(() => expect(result.current.accounts).toEqual(accounts));
    const fewer = [account(2)];
    vi.mocked(mailApi.accounts).mockResolvedValue(fewer);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.accounts).toEqual(fewer));
    expect(mailApi.accounts).toHaveBeenCalledTimes(2);
  });

  it('toggle-all before the accounts arrive stores an empty list', () => {
    vi.mocked(mailApi.accounts).mockReturnValue(new Promise(() => {}));
    clientStorage.disabledMailAccounts.set([4]);
    const { result } = renderAccounts();
    act(() => result.current.toggleAll());
    expect(result.current.disabled).toEqual([]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);
  });
});

/**
 * A Microsoft mailbox's selection is the user's list stored on the server (its dashboard's switch):
 * /email shows it and changes it there, not in the client's storage, so the two screens agree.
 */
describe('a Microsoft mailbox in the mail client selection (SPEC.md point 4, stored list)', () => {
  const mailbox = (id: number, msaId: number, selected: boolean): MailAccountInfo => ({ ...account(id), msa_id: msaId, selected });
  beforeEach(() => {
    vi.mocked(mailApi.selectMailbox).mockResolvedValue(true);
  });
  afterEach(() => {
    vi.mocked(mailApi.accounts).mockReset();
    vi.mocked(mailApi.selectMailbox).mockReset();
  });

  it('a mailbox switched off on its dashboard is off in /email; a stale client id of a mailbox is not read', () => {
    const list = [account(1), mailbox(2, 7, false), mailbox(3, 8, true)];
    expect(mergedDisabled([], list)).toEqual([2]);
    expect(mergedDisabled(['3', 1], list)).toEqual([1, 2]);
    expect(mergedDisabled([3], null)).toEqual([3]);
  });

  it('toggling a mailbox sets it in the stored list on the server and leaves the client storage to the other accounts', async () => {
    const list = [account(1), mailbox(2, 7, true)];
    vi.mocked(mailApi.accounts).mockResolvedValue(list);
    const { result } = renderAccounts();
    await waitFor(() => expect(result.current.accounts).toEqual(list));
    expect(result.current.enabledIds).toEqual([1, 2]);

    vi.mocked(mailApi.accounts).mockResolvedValue([account(1), mailbox(2, 7, false)]);
    act(() => result.current.toggle(2));
    expect(mailApi.selectMailbox).toHaveBeenCalledWith(7, false);
    expect(result.current.enabledIds).toEqual([1]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);
    await waitFor(() => expect(mailApi.accounts).toHaveBeenCalledTimes(2));
    expect(result.current.disabled).toEqual([2]);
  });

  it('toggle-all switches the mailboxes with the other accounts: off when all are on, else on', async () => {
    vi.mocked(mailApi.accounts).mockResolvedValue([account(1), mailbox(2, 7, true), mailbox(3, 8, false)]);
    const { result } = renderAccounts();
    await waitFor(() => expect(result.current.accounts).toHaveLength(3));
    expect(result.current.enabledIds).toEqual([1, 2]);

    act(() => result.current.toggleAll());
    // Not all were on: all on; only the mailbox that was off is asked for.
    expect(mailApi.selectMailbox).toHaveBeenCalledTimes(1);
    expect(mailApi.selectMailbox).toHaveBeenCalledWith(8, true);
    expect(result.current.enabledIds).toEqual([1, 2, 3]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);

    vi.mocked(mailApi.selectMailbox).mockClear();
    act(() => result.current.toggleAll());
    expect(vi.mocked(mailApi.selectMailbox).mock.calls).toEqual([
      [7, false],
      [8, false],
    ]);
    expect(result.current.enabledIds).toEqual([]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([1]);
  });
});
