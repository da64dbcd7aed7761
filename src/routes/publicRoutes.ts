/** Public routes of SPEC.md point 2: reachable without login; some need a brand feature. */
import type { AppRoute } from './types';

const registration = { requiredFeatures: ['auth.publicRegistration'] };
/** The customer portal's sign-in by a mailed link (issue 24). */
const portal = { requiredFeatures: ['job.enabled'] };
const passwordReset = { requiredFeatures: ['auth.publicRegistration', 'auth.passwordReset'] };

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { id: 'login', path: '/login', title: 'pages.login', layout: 'public', page: 'login' },
  { id: 'register', path: '/register', title: 'pages.register', layout: 'public', page: 'register', gate: registration },
  { id: 'prelogin', path: '/prelogin', title: 'pages.prelogin', layout: 'public', page: 'prelogin' },
  { id: 'portalLink', path: '/portal-link', title: 'customerPortal.link.title', layout: 'public', page: 'portalLink', gate: portal },
  { id: 'portalSignIn', path: '/portal-signin', title: 'customerPortal.link.signInTitle', layout: 'public', page: 'portalSignIn', gate: portal },
  { id: 'reserve', path: '/reserve', title: 'pages.reserve', layout: 'public', page: 'reserve' },
  { id: 'resetPassword', path: '/reset-password', title: 'pages.resetPassword', layout: 'public', page: 'resetPassword', gate: passwordReset },
  {
    id: 'requestPasswordToken',
    path: '/request-password-token',
    title: 'pages.requestPasswordToken',
    layout: 'public',
    page: 'requestPasswordToken',
    gate: passwordReset,
  },
  { id: 'temporaryError', path: '/temporary-error', title: 'pages.temporaryError', layout: 'public', page: 'temporaryError' },
  { id: 'notFound', path: '/not-found-404', title: 'pages.notFound', layout: 'public', page: 'notFound' },
  { id: 'notAllowed', path: '/not-allowed', title: 'pages.notAllowed', layout: 'public', page: 'notAllowed' },
];

/** Old paths kept working (SPEC.md point 2); the query string travels along. */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/engineerreports': '/engineer-reports',
  '/errorlist': '/error-list',
  '/google/connect': '/google/dashboard',
  '/resetpassword': '/reset-password',
};
