/** Which component renders each kind of page of the route table. */
import type { ComponentType } from 'react';
import { LoginPage } from '../auth/LoginPage';
import { NotFoundContent } from '../pages/NotFoundPage';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { lazyPage, type LazyPage } from './lazyPage';
import type { PageKind } from './types';

function PublicNotFound({ title }: PageProps) {
  return (
    <PublicFrame title={title}>
      <NotFoundContent />
    </PublicFrame>
  );
}

/** Pages that render `<PageFrame title={title}>` around everything: their title shows while their code loads (lazyPage.ts). */
const FRAMED = { framed: true };

/** A lazily loaded page also has `preload` (lazyPage.ts). */
export const PAGES: Record<PageKind, ComponentType<PageProps> | LazyPage> = {
  home: lazyPage(() => import('../pages/HomePage'), 'HomePage', FRAMED),
  frame: lazyPage(() => import('../pages/TitledPage'), 'TitledPage'),
  login: LoginPage,
  notFound: PublicNotFound,
  notAllowed: lazyPage(() => import('../pages/NotAllowedPage'), 'NotAllowedPage'),
  temporaryError: lazyPage(() => import('../pages/TemporaryErrorPage'), 'TemporaryErrorPage'),
  microsoftConnect: lazyPage(() => import('../microsoft/MicrosoftConnectPage'), 'MicrosoftConnectPage', FRAMED),
  microsoftDashboard: lazyPage(() => import('../microsoft/MicrosoftDashboardPage'), 'MicrosoftDashboardPage', FRAMED),
  microsoftAccount: lazyPage(() => import('../microsoft/MicrosoftAccountDetailsPage'), 'MicrosoftAccountDetailsPage'),
  googleConnect: lazyPage(() => import('../google/GoogleConnectPage'), 'GoogleConnectPage', FRAMED),
  googleDashboard: lazyPage(() => import('../google/GoogleDashboardPage'), 'GoogleDashboardPage', FRAMED),
  googleDrive: lazyPage(() => import('../google/drive/GoogleDrivePage'), 'GoogleDrivePage', FRAMED),
  googleTasks: lazyPage(() => import('../google/tasks/GoogleTasksPage'), 'GoogleTasksPage'),
  googleTaskLists: lazyPage(() => import('../google/tasks/GoogleTaskListsPage'), 'GoogleTaskListsPage', FRAMED),
  errorList: lazyPage(() => import('../pages/ErrorListPage'), 'ErrorListPage', FRAMED),
  blockIndex: lazyPage(() => import('../pages/BlockIndexPage'), 'BlockIndexPage', FRAMED),
  resourceList: lazyPage(() => import('../resources/engine/ResourceListPage'), 'ResourceListPage', FRAMED),
  resourceItem: lazyPage(() => import('../resources/engine/ResourceItemPage'), 'ResourceItemPage', FRAMED),
  userItem: lazyPage(() => import('../users/UserItemPage'), 'UserItemPage'),
  settings: lazyPage(() => import('../usersettings/SettingsPage'), 'SettingsPage', FRAMED),
  siteConfig: lazyPage(() => import('../siteconfig/SiteConfigPage'), 'SiteConfigPage', FRAMED),
  brandList: lazyPage(() => import('../devsites/BrandListPage'), 'BrandListPage', FRAMED),
  brandItem: lazyPage(() => import('../devsites/BrandItemPage'), 'BrandItemPage'),
  devDashboard: lazyPage(() => import('../devtools/DevDashboardPage'), 'DevDashboardPage', FRAMED),
  sqlSchemas: lazyPage(() => import('../devtools/SqlSchemasPage'), 'SqlSchemasPage', FRAMED),
  globalErrors: lazyPage(() => import('../devtools/GlobalErrorsPage'), 'GlobalErrorsPage', FRAMED),
  register: lazyPage(() => import('../publicauth/RegisterPage'), 'RegisterPage'),
  prelogin: lazyPage(() => import('../publicauth/PreloginPage'), 'PreloginPage'),
  portalLink: lazyPage(() => import('../customerportal/PortalLinkPages'), 'PortalLinkPage'),
  portalSignIn: lazyPage(() => import('../customerportal/PortalLinkPages'), 'PortalSignInPage'),
  reserve: lazyPage(() => import('../publicauth/ReservePage'), 'ReservePage'),
  resetPassword: lazyPage(() => import('../publicauth/PasswordResetPages'), 'ResetPasswordPage'),
  requestPasswordToken: lazyPage(() => import('../publicauth/PasswordResetPages'), 'RequestPasswordTokenPage'),
  jobSheet: lazyPage(() => import('../jobs/sheet/JobSheetPage'), 'JobSheetPage', FRAMED),
  jobItem: lazyPage(() => import('../jobs/item/JobItemPage'), 'JobItemPage', FRAMED),
  dispatchBoard: lazyPage(() => import('../dispatch/DispatchPage'), 'DispatchPage', FRAMED),
  reminders: lazyPage(() => import('../notifications/RemindersPage'), 'RemindersPage', FRAMED),
  engineerReports: lazyPage(() => import('../engineerreports/EngineerReportsPage'), 'EngineerReportsPage', FRAMED),
  engineerView: lazyPage(() => import('../engineerportal/EngineerViewPage'), 'EngineerViewPage', FRAMED),
  customerJobs: lazyPage(() => import('../customerportal/CustomerJobsPage'), 'CustomerJobsPage', FRAMED),
  customerJob: lazyPage(() => import('../customerportal/CustomerJobPage'), 'CustomerJobPage'),
  customerRequest: lazyPage(() => import('../customerportal/CustomerRequestPage'), 'CustomerRequestPage', FRAMED),
  customerSites: lazyPage(() => import('../customerportal/CustomerSitesPage'), 'CustomerSitesPage', FRAMED),
  mailClient: lazyPage(() => import('../mail/client/MailClientPage'), 'MailClientPage', FRAMED),
  mailTriage: lazyPage(() => import('../mail/routing/TriagePage'), 'TriagePage', FRAMED),
  mailDraft: lazyPage(() => import('../mail/compose/MailDraftPage'), 'MailDraftPage', FRAMED),
  mailAccountList: lazyPage(() => import('../mail/admin/MailAccountListPage'), 'MailAccountListPage', FRAMED),
  mailAccountItem: lazyPage(() => import('../mail/admin/MailAccountItemPage'), 'MailAccountItemPage'),
  deletedMails: lazyPage(() => import('../mail/client/DeletedMailsPage'), 'DeletedMailsPage', FRAMED),
  fileBrowser: lazyPage(() => import('../files/FileBrowserPage'), 'FileBrowserPage', FRAMED),
  xeroSyncStatus: lazyPage(() => import('../accounting/SyncStatusPage'), 'SyncStatusPage', FRAMED),
  xeroDashboard: lazyPage(() => import('../accounting/XeroDashboardPage'), 'XeroDashboardPage', FRAMED),
  xeroConnection: lazyPage(() => import('../accounting/XeroConnectionPage'), 'XeroConnectionPage', FRAMED),
  xeroConnect: lazyPage(() => import('../accounting/XeroConnectPage'), 'XeroConnectPage', FRAMED),
};
