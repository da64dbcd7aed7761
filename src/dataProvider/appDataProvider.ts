/** The app's one data provider: the resource engine's CRUD methods and each feature's own calls, on the one http client. */
import { api } from './apiClient';
import { createDataProvider } from './resourceDataProvider';
import { jobsProvider } from '../jobs/jobsProvider';
import { engineerProvider } from '../engineerportal/engineerProvider';
import { customerProvider } from '../customerportal/customerProvider';
import { accountingProvider } from '../accounting/accountingProvider';
import { googleProvider } from '../google/googleProvider';
import { driveProvider } from '../google/drive/driveProvider';
import { microsoftProvider } from '../microsoft/microsoftProvider';
import { tasksProvider } from '../google/tasks/tasksProvider';
import { routingProvider } from '../mail/routing/routingProvider';
import { composeProvider } from '../mail/compose/composeProvider';
import { mailProvider } from '../mail/client/mailProvider';
import { dispatchProvider } from '../dispatch/dispatchProvider';
import { engineerReportsProvider } from '../engineerreports/engineerReportsProvider';
import { remindersProvider } from '../notifications/remindersProvider';
import { usersProvider } from '../users/usersProvider';
import { filesProvider } from '../files/filesProvider';
import { userSettingsProvider } from '../usersettings/userSettingsProvider';
import { siteNotesProvider } from '../jobsites/siteNotesProvider';
import { devtoolsProvider } from '../devtools/devtoolsProvider';
import { translate } from '../i18n/i18nProvider';
import { withPreloadRefresh } from '../preload/withPreloadRefresh';
import { findResource } from '../../core/resources/definitions';
import { jobClients } from '../../core/jobs/jobClients';

// The job form's clients are not an engine screen, but read and write in its CRUD shape (co_id as the id).
const lookup = (name: string) => (name === jobClients.name ? jobClients : findResource(name));

export const appDataProvider = withPreloadRefresh({
  ...createDataProvider(api, translate, lookup),
  ...jobsProvider(api),
  ...engineerProvider(api),
  ...customerProvider(api),
  ...accountingProvider(api),
  ...googleProvider(api),
  ...driveProvider(api),
  ...microsoftProvider(api),
  ...tasksProvider(api),
  ...routingProvider(api),
  ...composeProvider(api),
  ...mailProvider(api),
  ...dispatchProvider(api),
  ...engineerReportsProvider(api),
  ...remindersProvider(api),
  ...usersProvider(api),
  ...filesProvider(api),
  ...userSettingsProvider(api),
  ...siteNotesProvider(api),
  ...devtoolsProvider(api),
});
