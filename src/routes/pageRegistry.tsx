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

/** A lazily loaded page also has `preload` (lazyPage.ts). */
export const PAGES: Record<PageKind, ComponentType<PageProps> | LazyPage> = {
  home: lazyPage(() => import('../pages/HomePage'), 'HomePage'),
  frame: lazyPage(() => import('../pages/TitledPage'), 'TitledPage'),
  login: LoginPage,
  notFound: PublicNotFound,
  notAllowed: lazyPage(() => import('../pages/NotAllowedPage'), 'NotAllowedPage'),
  temporaryError: lazyPage(() => import('../pages/TemporaryErrorPage'), 'TemporaryErrorPage'),
  microsoftConnect: lazyPage(() => import('../microsoft/MicrosoftConnectPage'), 'MicrosoftConnectPage'),
  microsoftDashboard: lazyPage(() => import('../microsoft/MicrosoftDashboardPage'), 'MicrosoftDashboardPage'),
  microsoftAccount: lazyPage(() => import('../microsoft/MicrosoftAccountDetailsPage'), 'MicrosoftAccountDetailsPage'),
  googleConnect: lazyPage(() => import('../google/GoogleConnectPage'), 'GoogleConnectPage'),
  googleDashboard: lazyPage(() => import('../google/GoogleDashboardPage'), 'GoogleDashboardPage'),
  googleDrive: lazyPage(() => import('../google/drive/GoogleDrivePage'), 'GoogleDrivePage'),
  googleTasks: lazyPage(() => import('../google/tasks/GoogleTasksPage'), 'GoogleTasksPage'),
  googleTaskLists: lazyPage(() => import('../google/tasks/GoogleTaskListsPage'), 'GoogleTaskListsPage'),
  errorList: lazyPage(() => import('../pages/ErrorListPage'), 'ErrorListPage'),
  blockIndex: lazyPage(() => import('../pages/BlockIndexPage'), 'BlockIndexPage'),
  resourceList: lazyPage(() => import('../resources/engine/ResourceListPage'), 'ResourceListPage'),
  resourceItem: lazyPage(() => import('../resources/engine/ResourceItemPage'), 'ResourceItemPage'),
  userItem: lazyPage(() => import('../users/UserItemPage'), 'UserItemPage'),
  settings: lazyPage(() => import('../usersettings/SettingsPage'), 'SettingsPage'),
  siteConfig: lazyPage(() => import('../siteconfig/SiteConfigPage'), 'SiteConfigPage'),
  brandList: lazyPage(() => import('../devsites/BrandListPage'), 'BrandListPage'),
  brandItem: lazyPage(() => import('../devsites/BrandItemPage'), 'BrandItemPage'),
  devDashboard: lazyPage(() => import('../devtools/DevDashboardPage'), 'DevDashboardPage'),
  sqlSchemas: lazyPage(() => import('../devtools/SqlSchemasPage'), 'SqlSchemasPage'),
  globalErrors: lazyPage(() => import('../devtools/GlobalErrorsPage'), 'GlobalErrorsPage'),
  register: lazyPage(() => import('../publicauth/RegisterPage'), 'RegisterPage'),
  prelogin: lazyPage(() => import('../publicauth/PreloginPage'), 'PreloginPage'),
  portalLink: lazyPage(() => import('../customerportal/PortalLinkPages'), 'PortalLinkPage'),
  portalSignIn: lazyPage(() => import('../customerportal/PortalLinkPages'), 'PortalSignInPage'),
  reserve: lazyPage(() => import('../publicauth/ReservePage'), 'ReservePage'),
  resetPassword: lazyPage(() => import('../publicauth/PasswordResetPages'), 'ResetPasswordPage'),
  requestPasswordToken: lazyPage(() => import('../publicauth/PasswordResetPages'), 'RequestPasswordTokenPage'),
  jobSheet: lazyPage(() => import('../jobs/sheet/JobSheetPage'), 'JobSheetPage'),
  jobItem: lazyPage(() => import('../jobs/item/JobItemPage'), 'JobItemPage'),
  dispatchBoard: lazyPage(() => import('../dispatch/DispatchPage'), 'DispatchPage'),
  reminders: lazyPage(() => import('../notifications/RemindersPage'), 'RemindersPage'),
  engineerReports: lazyPage(() => import('../engineerreports/EngineerReportsPage'), 'EngineerReportsPage'),
  engineerView: lazyPage(() => import('../engineerportal/EngineerViewPage'), 'EngineerViewPage'),
  customerJobs: lazyPage(() => import('../customerportal/CustomerJobsPage'), 'CustomerJobsPage'),
  customerJob: lazyPage(() => import('../customerportal/CustomerJobPage'), 'CustomerJobPage'),
  customerRequest: lazyPage(() => import('../customerportal/CustomerRequestPage'), 'CustomerRequestPage'),
  customerSites: lazyPage(() => import('../customerportal/CustomerSitesPage'), 'CustomerSitesPage'),
  mailClient: lazyPage(() => import('../mail/client/MailClientPage'), 'MailClientPage'),
  mailTriage: lazyPage(() => import('../mail/routing/TriagePage'), 'TriagePage'),
  mailDraft: lazyPage(() => import('../mail/compose/MailDraftPage'), 'MailDraftPage'),
  mailAccountList: lazyPage(() => import('../mail/admin/MailAccountListPage'), 'MailAccountListPage'),
  mailAccountItem: lazyPage(() => import('../mail/admin/MailAccountItemPage'), 'MailAccountItemPage'),
  deletedMails: lazyPage(() => import('../mail/client/DeletedMailsPage'), 'DeletedMailsPage'),
  fileBrowser: lazyPage(() => import('../files/FileBrowserPage'), 'FileBrowserPage'),
  xeroSyncStatus: lazyPage(() => import('../accounting/SyncStatusPage'), 'SyncStatusPage'),
  xeroDashboard: lazyPage(() => import('../accounting/XeroDashboardPage'), 'XeroDashboardPage'),
  xeroConnection: lazyPage(() => import('../accounting/XeroConnectionPage'), 'XeroConnectionPage'),
  xeroConnect: lazyPage(() => import('../accounting/XeroConnectPage'), 'XeroConnectPage'),
};
