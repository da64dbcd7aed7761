/** Which component renders each kind of page of the route table. */
import type { ComponentType } from 'react';
import { LoginPage } from '../auth/LoginPage';
import { BlockIndexPage } from '../pages/BlockIndexPage';
import { ConnectReturnPage } from '../pages/ConnectReturnPage';
import { ErrorListPage } from '../pages/ErrorListPage';
import { HomePage } from '../pages/HomePage';
import { NotAllowedPage } from '../pages/NotAllowedPage';
import { NotFoundContent } from '../pages/NotFoundPage';
import { PublicFrame } from '../pages/PageFrame';
import { TemporaryErrorPage } from '../pages/TemporaryErrorPage';
import { TitledPage } from '../pages/TitledPage';
import type { PageProps } from '../pages/types';
import { ResourceItemPage } from '../resources/engine/ResourceItemPage';
import { ResourceListPage } from '../resources/engine/ResourceListPage';
import { SettingsPage } from '../usersettings/SettingsPage';
import { SiteConfigPage } from '../siteconfig/SiteConfigPage';
import { UserItemPage } from '../users/UserItemPage';
import { BrandItemPage } from '../devsites/BrandItemPage';
import { BrandListPage } from '../devsites/BrandListPage';
import { DevDashboardPage } from '../devtools/DevDashboardPage';
import { GlobalErrorsPage } from '../devtools/GlobalErrorsPage';
import { SqlSchemasPage } from '../devtools/SqlSchemasPage';
import { RequestPasswordTokenPage, ResetPasswordPage } from '../publicauth/PasswordResetPages';
import { PreloginPage } from '../publicauth/PreloginPage';
import { RegisterPage } from '../publicauth/RegisterPage';
import { ReservePage } from '../publicauth/ReservePage';
import { JobSheetPage } from '../jobs/sheet/JobSheetPage';
import { JobItemPage } from '../jobs/item/JobItemPage';
import { RemindersPage } from '../notifications/RemindersPage';
import { EngineerReportsPage } from '../engineerreports/EngineerReportsPage';
import { EngineerViewPage } from '../engineerportal/EngineerViewPage';
import { CustomerJobsPage } from '../customerportal/CustomerJobsPage';
import { CustomerJobPage } from '../customerportal/CustomerJobPage';
import { CustomerRequestPage } from '../customerportal/CustomerRequestPage';
import { CustomerSitesPage } from '../customerportal/CustomerSitesPage';
import { FileBrowserPage } from '../files/FileBrowserPage';
import { MailClientPage } from '../mail/client/MailClientPage';
import { MailDraftPage } from '../mail/compose/MailDraftPage';
import { MailAccountListPage } from '../mail/admin/MailAccountListPage';
import { MailAccountItemPage } from '../mail/admin/MailAccountItemPage';
import { DeletedMailsPage } from '../mail/client/DeletedMailsPage';
import { SyncStatusPage } from '../accounting/SyncStatusPage';
import { LazyXeroDashboardPage } from '../accounting/LazyXeroDashboardPage';
import { XeroConnectionPage } from '../accounting/XeroConnectionPage';
import { XeroConnectPage } from '../accounting/XeroConnectPage';
import { GoogleConnectPage } from '../google/GoogleConnectPage';
import { GoogleDashboardPage } from '../google/GoogleDashboardPage';
import { GoogleDrivePage } from '../google/drive/GoogleDrivePage';
import { GoogleTasksPage } from '../google/tasks/GoogleTasksPage';
import { GoogleTaskListsPage } from '../google/tasks/GoogleTaskListsPage';
import type { PageKind } from './types';

function PublicNotFound({ title }: PageProps) {
  return (
    <PublicFrame title={title}>
      <NotFoundContent />
    </PublicFrame>
  );
}

export const PAGES: Record<PageKind, ComponentType<PageProps>> = {
  home: HomePage,
  frame: TitledPage,
  login: LoginPage,
  notFound: PublicNotFound,
  notAllowed: NotAllowedPage,
  temporaryError: TemporaryErrorPage,
  microsoftConnect: ConnectReturnPage,
  googleConnect: GoogleConnectPage,
  googleDashboard: GoogleDashboardPage,
  googleDrive: GoogleDrivePage,
  googleTasks: GoogleTasksPage,
  googleTaskLists: GoogleTaskListsPage,
  errorList: ErrorListPage,
  blockIndex: BlockIndexPage,
  resourceList: ResourceListPage,
  resourceItem: ResourceItemPage,
  userItem: UserItemPage,
  settings: SettingsPage,
  siteConfig: SiteConfigPage,
  brandList: BrandListPage,
  brandItem: BrandItemPage,
  devDashboard: DevDashboardPage,
  sqlSchemas: SqlSchemasPage,
  globalErrors: GlobalErrorsPage,
  register: RegisterPage,
  prelogin: PreloginPage,
  reserve: ReservePage,
  resetPassword: ResetPasswordPage,
  requestPasswordToken: RequestPasswordTokenPage,
  jobSheet: JobSheetPage,
  jobItem: JobItemPage,
  reminders: RemindersPage,
  engineerReports: EngineerReportsPage,
  engineerView: EngineerViewPage,
  customerJobs: CustomerJobsPage,
  customerJob: CustomerJobPage,
  customerRequest: CustomerRequestPage,
  customerSites: CustomerSitesPage,
  mailClient: MailClientPage,
  mailDraft: MailDraftPage,
  mailAccountList: MailAccountListPage,
  mailAccountItem: MailAccountItemPage,
  deletedMails: DeletedMailsPage,
  fileBrowser: FileBrowserPage,
  xeroSyncStatus: SyncStatusPage,
  xeroDashboard: LazyXeroDashboardPage,
  xeroConnection: XeroConnectionPage,
  xeroConnect: XeroConnectPage,
};
