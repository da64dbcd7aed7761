import { describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { ROLES } from '../../core/access/roles';
import { buildMenu, linkPath } from './menuModel';

const on = allFeatures(true);
const ids = (m: ReturnType<typeof buildMenu>) => ({
  top: m.top.map((i) => i.id),
  groups: Object.fromEntries(m.groups.map((g) => [g.group, g.items.map((i) => i.id)])),
});

describe('menu model', () => {
  it('a developer sees every group', () => {
    const menu = ids(buildMenu('Developer', on));
    expect(menu.top).toEqual([
      'sheet',
      'dispatch',
      'email',
      'mailTriage',
      'reminders',
      'engineerReports',
      'brands',
      'microsoftDashboard',
      'xero',
      'settings',
      'errorList',
    ]);
    expect(Object.keys(menu.groups)).toEqual(['data', 'admin', 'dev', 'google']);
    expect(menu.groups.data).toEqual(['contacts', 'sites', 'propertyManagers', 'siteContacts', 'departments', 'files']);
    expect(menu.groups.dev).toEqual(['devDashboard', 'sqlSchemas', 'deletedMails', 'xeroSyncStatus', 'xeroDashboard']);
  });

  it('an engineer sees only its own entries and no groups', () => {
    expect(ids(buildMenu('Engineer', on))).toEqual({ top: ['engineerView', 'settings', 'errorList'], groups: {} });
  });

  it('a customer sees only the portal and the error list', () => {
    expect(ids(buildMenu('Customer', on))).toEqual({ top: ['customerJobs', 'customerRequest', 'customerSites', 'errorList'], groups: {} });
  });

  it('features switch entries off and empty groups disappear', () => {
    const brand = allFeatures(true);
    brand.google = { tasks: false, drive: false };
    brand.mail.enabled = false;
    brand.job.xero = false;
    const menu = ids(buildMenu('Admin', brand));
    expect(menu.groups.google).toBeUndefined();
    expect(menu.top).not.toContain('email');
    expect(menu.top).not.toContain('mailTriage');
    expect(menu.top).not.toContain('xero');
    expect(menu.groups.admin).toEqual(['users', 'siteConfig', 'globalErrors']);
    expect(menu.groups.data).not.toContain('contacts');
  });
});

describe('menu links', () => {
  it('leave out optional route parameters', () => {
    expect(linkPath('/email/:id?')).toBe('/email');
    expect(linkPath('/engineer-view/:id?')).toBe('/engineer-view');
    expect(linkPath('/data/departments')).toBe('/data/departments');
  });

  it('never contain a route parameter for any role', () => {
    for (const role of ROLES) {
      const menu = buildMenu(role, allFeatures(true));
      for (const item of [...menu.top, ...menu.groups.flatMap((g) => g.items)]) expect(item.path).not.toContain(':');
    }
  });
});
