/** The shape of one entry of the route table (pure data: no React, so tests and menus read it). */
import type { Gate } from '../../core/access/access';

/** Blocks are route prefixes with their own gate, which every child must pass too. */
export type BlockId = 'data' | 'admin' | 'dev' | 'google' | 'microsoft' | 'xero';

/** Menu groups of SPEC.md point 2; 'top' is a top-level item. */
export type MenuGroup = 'top' | 'data' | 'admin' | 'dev' | 'google';

/** Icons are named here and drawn in src/layout/menuIcons.tsx. */
export type MenuIcon =
  | 'sheet'
  | 'dispatch'
  | 'mail'
  | 'engineer'
  | 'reminders'
  | 'reports'
  | 'brands'
  | 'microsoft'
  | 'xero'
  | 'settings'
  | 'errors'
  | 'contacts'
  | 'sites'
  | 'propertyManagers'
  | 'siteContacts'
  | 'departments'
  | 'files'
  | 'users'
  | 'mailAccounts'
  | 'mailServers'
  | 'siteConfig'
  | 'globalErrors'
  | 'taxRates'
  | 'items'
  | 'dashboard'
  | 'sql'
  | 'deletedMails'
  | 'sync'
  | 'drive'
  | 'tasks'
  | 'taskLists'
  | 'request';

/** What renders a route; src/routes/pageRegistry.tsx maps each kind to a component. */
export type PageKind =
  | 'home'
  | 'frame'
  | 'login'
  | 'notFound'
  | 'notAllowed'
  | 'temporaryError'
  | 'microsoftConnect'
  | 'microsoftDashboard'
  | 'microsoftAccount'
  | 'googleConnect'
  | 'googleDashboard'
  | 'googleDrive'
  | 'googleTasks'
  | 'googleTaskLists'
  | 'xeroConnection'
  | 'xeroConnect'
  | 'errorList'
  | 'blockIndex'
  | 'resourceList'
  | 'resourceItem'
  | 'userItem'
  | 'settings'
  | 'siteConfig'
  | 'brandList'
  | 'brandItem'
  | 'devDashboard'
  | 'sqlSchemas'
  | 'globalErrors'
  | 'register'
  | 'prelogin'
  | 'portalLink'
  | 'portalSignIn'
  | 'reserve'
  | 'resetPassword'
  | 'requestPasswordToken'
  | 'jobSheet'
  | 'jobItem'
  | 'dispatchBoard'
  | 'reminders'
  | 'engineerReports'
  | 'engineerView'
  | 'mailClient'
  | 'mailTriage'
  | 'mailDraft'
  | 'mailAccountList'
  | 'mailAccountItem'
  | 'deletedMails'
  | 'fileBrowser'
  | 'xeroSyncStatus'
  | 'xeroDashboard'
  | 'customerJobs'
  | 'customerJob'
  | 'customerRequest'
  | 'customerSites';

export interface AppRoute {
  /** Stable id: React key and test handle. */
  id: string;
  /** react-router path, absolute; optional segments as ':id?'. */
  path: string;
  /** i18n key of the page title (document title, not-allowed 'name', menu text). */
  title: string;
  /** 'public' routes need no login; 'main' routes are children of the main layout and need one. */
  layout: 'public' | 'main';
  page: PageKind;
  gate?: Gate;
  block?: BlockId;
  /** Resource definition name for 'resourceList' / 'resourceItem'. */
  resource?: string;
  menu?: { group: MenuGroup; order: number; icon: MenuIcon };
}
