/**
 * The main layout's pages of the outside services (SPEC.md point 2 table): Microsoft, Google and
 * Xero, each behind its block (src/routes/blocks.ts); `gate` is what a page needs on top of it.
 */
import { ADMINS, DEVELOPER } from '../../core/access/roles';
import type { Gate } from '../../core/access/access';
import { xeroitems } from '../../core/resources/definitions/xeroitems';
import { xerotaxrates } from '../../core/resources/definitions/xerotaxrates';
import { resourceRoutes } from './resourceRoutes';
import type { AppRoute } from './types';

const admins: Gate = { roles: ADMINS };
const developer: Gate = { roles: DEVELOPER };

/** Layout-less entries: mainRoutes.ts gives them the main layout with its own. */
export const OUTSIDE_SERVICE_ROUTES: Omit<AppRoute, 'layout'>[] = [
  {
    id: 'microsoftDashboard',
    path: '/microsoft/dashboard',
    title: 'pages.microsoftDashboard',
    page: 'microsoftDashboard',
    block: 'microsoft',
    menu: { group: 'top', order: 70, icon: 'microsoft' },
  },
  { id: 'microsoftAccount', path: '/microsoft/accountdetails/:id?', title: 'pages.microsoftAccount', page: 'microsoftAccount', block: 'microsoft' },
  // Microsoft returns here after the consent; only those who may connect get there.
  { id: 'microsoftConnect', path: '/microsoft-connect', title: 'pages.microsoftConnect', page: 'microsoftConnect', block: 'microsoft', gate: admins },

  {
    id: 'googleDashboard',
    path: '/google/dashboard',
    title: 'pages.googleDashboard',
    page: 'googleDashboard',
    block: 'google',
    menu: { group: 'google', order: 10, icon: 'dashboard' },
  },
  // Google returns here after the consent; the code is posted back with the user's session.
  { id: 'googleConnect', path: '/google-connect', title: 'pages.googleConnect', page: 'googleConnect', block: 'google' },
  {
    id: 'googleDrive',
    path: '/google/drive',
    title: 'pages.googleDrive',
    page: 'googleDrive',
    block: 'google',
    gate: { requiredFeatures: ['google.drive'] },
    menu: { group: 'google', order: 20, icon: 'drive' },
  },
  {
    id: 'googleTasks',
    path: '/google/tasks',
    title: 'pages.googleTasks',
    page: 'googleTasks',
    block: 'google',
    gate: { requiredFeatures: ['google.tasks'] },
    menu: { group: 'google', order: 30, icon: 'tasks' },
  },
  {
    id: 'googleTaskLists',
    path: '/google/tasklists',
    title: 'pages.googleTaskLists',
    page: 'googleTaskLists',
    block: 'google',
    gate: { requiredFeatures: ['google.tasks'] },
    menu: { group: 'google', order: 40, icon: 'taskLists' },
  },
  {
    id: 'googleTaskList',
    path: '/google/tasklist/:id?',
    title: 'pages.googleTaskList',
    page: 'googleTasks',
    block: 'google',
    gate: { requiredFeatures: ['google.tasks'] },
  },

  { id: 'xero', path: '/xero', title: 'pages.xero', page: 'xeroConnection', block: 'xero', menu: { group: 'top', order: 80, icon: 'xero' } },
  // Xero returns here after the consent; only those who may connect get there.
  { id: 'xeroConnect', path: '/xero-connect', title: 'pages.xeroConnect', page: 'xeroConnect', block: 'xero', gate: admins },
  // Their item screens are not in SPEC's table, as for every engine resource's list.
  ...resourceRoutes(xerotaxrates, { list: 'xeroTaxRates', item: 'xeroTaxRate', block: 'xero', menu: { group: 'admin', order: 70, icon: 'taxRates' } }),
  ...resourceRoutes(xeroitems, { list: 'xeroItems', item: 'xeroItem', block: 'xero', menu: { group: 'admin', order: 80, icon: 'items' } }),
  {
    id: 'xeroSyncStatus',
    path: '/xero/sync-status',
    title: 'pages.xeroSyncStatus',
    page: 'xeroSyncStatus',
    block: 'xero',
    gate: developer,
    menu: { group: 'dev', order: 40, icon: 'sync' },
  },
  {
    id: 'xeroDashboard',
    path: '/xero/dashboard',
    title: 'pages.xeroDashboard',
    page: 'xeroDashboard',
    block: 'xero',
    gate: developer,
    menu: { group: 'dev', order: 50, icon: 'dashboard' },
  },
];
