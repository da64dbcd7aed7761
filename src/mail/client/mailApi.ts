/**
 * The mail calls for the screens that still call them directly (accounts, labels, deleted mails, a job's mails):
 * the same functions as the data provider's (mailProvider.ts) on the one http client, so both ways send the same
 * requests. The list and the reading pane use useMailProvider() with react-query; these follow them.
 */
import { api } from '../../dataProvider/apiClient';
import { mailProvider } from './mailProvider';

const calls = mailProvider(api);

export const mailApi = {
  accounts: calls.mailAccounts,
  deleted: calls.mailDeleted,
  setFlags: calls.mailSetFlags,
  byJob: calls.mailByJob,
  tags: calls.mailTags,
  localFolders: calls.mailLocalFolders,
  sync: calls.mailSync,
  selectMailbox: calls.mailSelectMailbox,
};
