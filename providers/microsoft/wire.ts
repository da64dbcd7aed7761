/** Graph's wire forms: its error body (`{ error: { code, message, innerError } }`) and the user resource. */
import type { Answer } from '../http';
import type { GraphMailbox } from './state';

export function graphError(status: number, code: string, message: string, headers?: Record<string, string>): Answer {
  return {
    status,
    headers,
    body: { error: { code, message, innerError: { date: new Date().toISOString().slice(0, 19), 'request-id': crypto.randomUUID() } } },
  };
}

/** Outlook's throttling answer: 429 with `Retry-After` (seconds). */
export const throttled = (retryAfterS: number): Answer =>
  graphError(429, 'ApplicationThrottled', 'Application is over its MailboxConcurrency limit.', { 'retry-after': String(retryAfterS) });

export function userWire(box: GraphMailbox): Record<string, unknown> {
  return {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
    id: box.id,
    displayName: box.displayName,
    mail: box.mail,
    userPrincipalName: box.userPrincipalName,
    givenName: box.displayName.split(' ')[0] ?? null,
    surname: box.displayName.split(' ').slice(1).join(' ') || null,
    businessPhones: [],
    jobTitle: null,
    mobilePhone: null,
    officeLocation: null,
    preferredLanguage: 'en-GB',
  };
}
