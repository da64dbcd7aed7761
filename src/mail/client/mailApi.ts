/**
 * The mail calls for the screens that still call them directly (the accounts):
 * the same functions as the data provider's (mailProvider.ts) on the one http client, so both ways send the same
 * requests. The rest of the mail client uses useMailProvider() with react-query.
 */
import { api } from '../../dataProvider/apiClient';
import { mailProvider } from './mailProvider';

const calls = mailProvider(api);

export const mailApi = {
  accounts: calls.mailAccounts,
  selectMailbox: calls.mailSelectMailbox,
};
