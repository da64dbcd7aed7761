import { describe, expect, it } from 'vitest';
import { allFeatures, type BrandFeatures } from '../../core/brand/types';
import type { Role } from '../../core/access/roles';
import type { AuthStatus } from '../auth/types';
import { decideRoute, type GuardContext } from './guard';
import { homeTarget, homePathFor, showsOfficeHome } from './home';
import { routeById } from './routeTable';
import { LEGACY_REDIRECTS } from './publicRoutes';

const on = allFeatures(true);
const withOff = (...keys: string[]): BrandFeatures => {
  const tree = structuredClone(on) as unknown as Record<string, Record<string, boolean>>;
  for (const key of keys) {
    const [group, leaf] = key.split('.');
    tree[group][leaf] = false;
  }
  return tree as unknown as BrandFeatures;
};

const ctx = (status: AuthStatus, role: Role | null, features: BrandFeatures | null = on, path = '/x?y=1'): GuardContext => ({
  status,
  role,
  features,
  path,
  title: 'Page',
});

const target = (id: string, c: GuardContext) => {
  const d = decideRoute(routeById(id), c);
  return d.kind === 'redirect' ? d.to : d.kind;
};

const blockedOf = (id: string, c: GuardContext) => {
  const d = decideRoute(routeById(id), c);
  return d.kind === 'redirect' ? new URL(d.to, 'http://h').searchParams.get('blocked') : d.kind;
};

describe('route guard decisions', () => {
  it('waits for whoami while the auth state is unknown', () => {
    expect(target('sheet', ctx(null, null))).toBe('pending');
  });

  it('sends an unauthenticated user to /login?to= with the path and query', () => {
    expect(target('sheet', ctx('unauthenticated', null, on, '/sheet?status=BOOKED'))).toBe('/login?to=%2Fsheet%3Fstatus%3DBOOKED');
  });

  it('public routes do not wait for the user', () => {
    expect(target('login', ctx(null, null))).toBe('allow');
    expect(target('notFound', ctx('unauthenticated', null))).toBe('allow');
  });

  it('refusal goes to /not-allowed with to, name and blocked', () => {
    const d = decideRoute(routeById('users'), { ...ctx('authenticated', 'Operator', on, '/admin/users?page=2'), title: 'Users' });
    expect(d).toEqual({ kind: 'redirect', to: '/not-allowed?to=%2Fadmin%2Fusers%3Fpage%3D2&name=Users&blocked=role' });
  });

  it.each([
    // [route, role, features, expected]
    ['sheet', 'Operator', on, 'allow'],
    ['sheet', 'Engineer', on, 'role'],
    ['sheet', 'Operator', withOff('job.enabled'), 'feature'],
    ['sheet', 'Operator', {} as BrandFeatures, 'brand'],
    ['contacts', 'User', on, 'allow'],
    ['contacts', 'User', withOff('job.xero'), 'feature'],
    ['contacts', 'Customer', on, 'role'],
    ['files', 'BemAccount', withOff('job.enabled'), 'allow'],
    ['departments', 'Procurement', on, 'allow'],
    ['department', 'Sales', on, 'role'],
    ['users', 'Admin', on, 'allow'],
    ['users', 'Operator', on, 'role'],
    ['mailAccounts', 'Developer', on, 'allow'],
    ['mailAccounts', 'Developer', withOff('mail.enabled'), 'feature'],
    ['siteConfig', 'Admin', withOff('job.enabled'), 'feature'],
    ['settings', 'Engineer', on, 'allow'],
    ['settings', 'Sales', on, 'allow'],
    ['settings', 'Customer', on, 'role'],
    ['errorList', 'Customer', {} as BrandFeatures, 'allow'],
    ['brands', 'Sales', on, 'allow'],
    ['brand', 'Developer', on, 'allow'],
    ['brands', 'Admin', on, 'role'],
    ['devDashboard', 'Developer', on, 'allow'],
    ['sqlSchemas', 'Admin', on, 'role'],
    ['googleDashboard', 'User', withOff('google.tasks'), 'allow'],
    ['googleDashboard', 'User', withOff('google.tasks', 'google.drive'), 'feature'],
    ['googleDrive', 'User', withOff('google.drive'), 'feature'],
    ['googleTasks', 'Customer', on, 'role'],
    ['microsoftDashboard', 'Operator', withOff('microsoft.emails'), 'feature'],
    ['xero', 'User', on, 'allow'],
    ['xero', 'User', withOff('job.xero'), 'feature'],
    ['xeroTaxRates', 'Operator', on, 'role'],
    ['xeroItems', 'Admin', on, 'allow'],
    ['xeroSyncStatus', 'Admin', on, 'role'],
    ['xeroDashboard', 'Developer', on, 'allow'],
    ['reminders', 'Procurement', on, 'allow'],
    ['reminders', 'User', on, 'role'],
    ['engineerReports', 'Admin', withOff('job.enabled'), 'feature'],
    ['engineerView', 'Engineer', on, 'allow'],
    ['engineerView', 'Developer', on, 'role'],
    ['email', 'User', withOff('mail.enabled'), 'feature'],
    ['email', 'Customer', on, 'role'],
    ['sheet', 'Customer', on, 'role'],
    ['sheetItem', 'Customer', on, 'role'],
    ['customerJobs', 'Customer', on, 'allow'],
    ['customerJob', 'Operator', on, 'role'],
    ['customerSites', 'Customer', withOff('job.enabled'), 'feature'],
  ] as const)('%s for %s → %s', (id, role, features, expected) => {
    expect(blockedOf(id, ctx('authenticated', role, features))).toBe(expected);
  });

  it.each([
    ['register', withOff('auth.publicRegistration'), 'feature'],
    ['register', on, 'allow'],
    ['resetPassword', withOff('auth.passwordReset'), 'feature'],
    ['requestPasswordToken', withOff('auth.publicRegistration'), 'feature'],
    ['requestPasswordToken', on, 'allow'],
  ] as const)('public %s → %s', (id, features, expected) => {
    expect(blockedOf(id, ctx('unauthenticated', null, features))).toBe(expected);
  });

  it('legacy paths redirect to their new names', () => {
    expect(LEGACY_REDIRECTS).toEqual({
      '/engineerreports': '/engineer-reports',
      '/errorlist': '/error-list',
      '/google/connect': '/google/dashboard',
      '/resetpassword': '/reset-password',
    });
  });
});

describe('home of each role', () => {
  it.each([
    ['Developer', '/sheet'],
    ['Operator', '/sheet'],
    ['Customer', '/portal'],
    ['Engineer', '/engineer-view'],
    ['Sales', '/brands'],
  ] as const)('%s → %s', (role, path) => {
    expect(homePathFor(role)).toBe(path);
    expect(homeTarget(role, on)).toBe(path);
  });

  it('keeps office staff on the office home page when they may open the sheet; others are sent on', () => {
    expect(showsOfficeHome('Operator', on)).toBe(true);
    expect(showsOfficeHome('Admin', on)).toBe(true);
    expect(showsOfficeHome('Operator', withOff('job.enabled'))).toBe(false);
    expect(showsOfficeHome('Engineer', on)).toBe(false);
    expect(showsOfficeHome('Customer', on)).toBe(false);
  });

  it('falls back to the home page when the home route is refused', () => {
    expect(homeTarget('Operator', withOff('job.enabled'))).toBeNull();
    expect(homeTarget('Engineer', withOff('job.enabled'))).toBeNull();
    expect(homeTarget(null, on)).toBeNull();
  });
});
