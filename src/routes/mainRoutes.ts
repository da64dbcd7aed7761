/**
 * Children of the main layout (SPEC.md point 2 table), with the roles of point 6. Blocks add
 * their gate (src/routes/blocks.ts); `gate` here is what the page needs on top of its block.
 */
import type { Gate } from '../../core/access/access';
import { CUSTOMER_PORTAL_GATE } from '../../core/customerportal/gate';
import { ADMINS, OPERATOR_GROUP, STAFF } from '../../core/access/roles';
import { contacts } from '../../core/resources/definitions/contacts';
import { departments } from '../../core/resources/definitions/departments';
import { jobsitecontacts } from '../../core/resources/definitions/jobsitecontacts';
import { jobsites } from '../../core/resources/definitions/jobsites';
import { mailincomingservers } from '../../core/resources/definitions/mailincomingservers';
import { mailservers } from '../../core/resources/definitions/mailservers';
import { propertymanagers } from '../../core/resources/definitions/propertymanagers';
import { users } from '../../core/users/usersResource';
import { OUTSIDE_SERVICE_ROUTES } from './outsideServiceRoutes';
import { resourceRoutes } from './resourceRoutes';
import type { AppRoute } from './types';

const job: Gate = { requiredFeatures: ['job.enabled'] };
const mail: Gate = { requiredFeatures: ['mail.enabled'] };
const admins: Gate = { roles: ADMINS };
const operatorsJob: Gate = { roles: [...OPERATOR_GROUP, 'Admin', 'Developer'], requiredFeatures: ['job.enabled'] };
/**
 * The sheet is the staff's: a customer has the portal (/portal, issue 24), so the sheet's deep links
 * answer them not-allowed with the role reason. The API keeps SPEC.md point 6's rule (jobs/filter
 * and jobs/{id} narrowed to a customer's own jobs) for outside clients.
 */
const sheets: Gate = { roles: STAFF, requiredFeatures: ['job.enabled'] };
const portal = CUSTOMER_PORTAL_GATE;

type Entry = Omit<AppRoute, 'layout'>;

const entries: Entry[] = [
  { id: 'home', path: '/', title: 'pages.home', page: 'home' },
  { id: 'sheet', path: '/sheet', title: 'pages.sheet', page: 'jobSheet', gate: sheets, menu: { group: 'top', order: 10, icon: 'sheet' } },
  { id: 'dispatch', path: '/dispatch', title: 'dispatch.menu', page: 'dispatchBoard', gate: sheets, menu: { group: 'top', order: 10.5, icon: 'dispatch' } },
  { id: 'sheetItem', path: '/sheet/:id/:tab?', title: 'pages.sheetItem', page: 'jobItem', gate: sheets },
  {
    id: 'customerJobs',
    path: '/portal',
    title: 'customerPortal.menu.jobs',
    page: 'customerJobs',
    gate: portal,
    menu: { group: 'top', order: 11, icon: 'sheet' },
  },
  { id: 'customerJob', path: '/portal/jobs/:id', title: 'customerPortal.menu.jobs', page: 'customerJob', gate: portal },
  {
    id: 'customerRequest',
    path: '/portal/request',
    title: 'customerPortal.menu.request',
    page: 'customerRequest',
    gate: portal,
    menu: { group: 'top', order: 12, icon: 'request' },
  },
  {
    id: 'customerSites',
    path: '/portal/sites',
    title: 'customerPortal.menu.sites',
    page: 'customerSites',
    gate: portal,
    menu: { group: 'top', order: 13, icon: 'sites' },
  },
  {
    id: 'email',
    path: '/email/:id?',
    title: 'pages.email',
    page: 'mailClient',
    gate: { roles: STAFF, ...mail },
    menu: { group: 'top', order: 20, icon: 'mail' },
  },
  {
    id: 'mailTriage',
    path: '/mail-triage',
    title: 'pages.mailTriage',
    page: 'mailTriage',
    gate: { roles: STAFF, ...mail },
    menu: { group: 'top', order: 21, icon: 'mail' },
  },
  { id: 'emailDraft', path: '/email/draft/:id?', title: 'pages.emailDraft', page: 'mailDraft', gate: { roles: STAFF, ...mail } },
  {
    id: 'engineerView',
    path: '/engineer-view/:id?',
    title: 'pages.engineerView',
    page: 'engineerView',
    gate: { roles: ['Engineer'], ...job },
    menu: { group: 'top', order: 30, icon: 'engineer' },
  },
  {
    id: 'reminders',
    path: '/reminders',
    title: 'pages.reminders',
    page: 'reminders',
    gate: operatorsJob,
    menu: { group: 'top', order: 40, icon: 'reminders' },
  },
  {
    id: 'engineerReports',
    path: '/engineer-reports',
    title: 'pages.engineerReports',
    page: 'engineerReports',
    gate: operatorsJob,
    menu: { group: 'top', order: 50, icon: 'reports' },
  },
  {
    id: 'brands',
    path: '/brands',
    title: 'pages.brands',
    page: 'brandList',
    gate: { roles: ['Sales', 'Developer'] },
    menu: { group: 'top', order: 60, icon: 'brands' },
  },
  { id: 'brand', path: '/brand/:id?', title: 'pages.brand', page: 'brandItem', gate: { roles: ['Sales', 'Developer'] } },

  { id: 'data', path: '/data', title: 'pages.data', page: 'blockIndex', block: 'data' },
  ...resourceRoutes(contacts, { list: 'contacts', item: 'contact', block: 'data', menu: { group: 'data', order: 10, icon: 'contacts' } }),
  ...resourceRoutes(jobsites, { list: 'sites', item: 'site', block: 'data', menu: { group: 'data', order: 20, icon: 'sites' } }),
  ...resourceRoutes(propertymanagers, {
    list: 'propertyManagers',
    item: 'propertyManager',
    block: 'data',
    menu: { group: 'data', order: 30, icon: 'propertyManagers' },
  }),
  ...resourceRoutes(jobsitecontacts, { list: 'siteContacts', item: 'siteContact', block: 'data', menu: { group: 'data', order: 40, icon: 'siteContacts' } }),
  ...resourceRoutes(departments, { list: 'departments', item: 'department', block: 'data', menu: { group: 'data', order: 50, icon: 'departments' } }),
  { id: 'files', path: '/data/files', title: 'pages.files', page: 'fileBrowser', block: 'data', menu: { group: 'data', order: 60, icon: 'files' } },

  { id: 'admin', path: '/admin', title: 'pages.admin', page: 'blockIndex', block: 'admin' },
  ...resourceRoutes(users, { list: 'users', item: 'user', block: 'admin', menu: { group: 'admin', order: 10, icon: 'users' }, itemPage: 'userItem' }),
  {
    id: 'mailAccounts',
    path: '/admin/mailaccounts',
    title: 'pages.mailAccounts',
    page: 'mailAccountList',
    block: 'admin',
    gate: mail,
    menu: { group: 'admin', order: 20, icon: 'mailAccounts' },
  },
  { id: 'mailAccount', path: '/admin/mailaccount/:id?', title: 'pages.mailAccount', page: 'mailAccountItem', block: 'admin', gate: mail },
  ...resourceRoutes(mailservers, { list: 'mailServers', item: 'mailServer', block: 'admin', menu: { group: 'admin', order: 30, icon: 'mailServers' } }),
  ...resourceRoutes(mailincomingservers, {
    list: 'mailIncomingServers',
    item: 'mailIncomingServer',
    block: 'admin',
    menu: { group: 'admin', order: 40, icon: 'mailServers' },
  }),
  {
    id: 'siteConfig',
    path: '/admin/siteConfig',
    title: 'pages.siteConfig',
    page: 'siteConfig',
    block: 'admin',
    gate: job,
    menu: { group: 'admin', order: 50, icon: 'siteConfig' },
  },
  {
    id: 'globalErrors',
    path: '/admin/globalerrors',
    title: 'pages.globalErrors',
    page: 'globalErrors',
    block: 'admin',
    gate: admins,
    menu: { group: 'admin', order: 60, icon: 'globalErrors' },
  },

  { id: 'dev', path: '/dev', title: 'pages.dev', page: 'blockIndex', block: 'dev' },
  {
    id: 'devDashboard',
    path: '/dev/dashboard',
    title: 'pages.devDashboard',
    page: 'devDashboard',
    block: 'dev',
    menu: { group: 'dev', order: 10, icon: 'dashboard' },
  },
  { id: 'sqlSchemas', path: '/dev/sql-schemas', title: 'pages.sqlSchemas', page: 'sqlSchemas', block: 'dev', menu: { group: 'dev', order: 20, icon: 'sql' } },
  {
    id: 'deletedMails',
    path: '/dev/deleted-mails',
    title: 'pages.deletedMails',
    page: 'deletedMails',
    block: 'dev',
    menu: { group: 'dev', order: 30, icon: 'deletedMails' },
  },

  ...OUTSIDE_SERVICE_ROUTES,

  {
    id: 'settings',
    path: '/settings',
    title: 'pages.settings',
    page: 'settings',
    gate: { roles: [...STAFF, 'Engineer', 'Sales'] },
    menu: { group: 'top', order: 90, icon: 'settings' },
  },
  {
    id: 'errorList',
    path: '/error-list',
    title: 'pages.errorList',
    page: 'errorList',
    gate: { roles: ['ANY'] },
    menu: { group: 'top', order: 100, icon: 'errors' },
  },
];

export const MAIN_ROUTES: readonly AppRoute[] = entries.map((entry) => ({ ...entry, layout: 'main' }));
