/**
 * Outgoing (SMTP, `mailservers`) and incoming (IMAP, `mailincomingservers`) servers share one shape
 * with different column prefixes. The password, the OAuth client secret and the refresh token are
 * write-only (`has_password`, `has_client_secret`, `has_refresh_token` are answered instead); the
 * access token the server renews is no field at all, so it is never read or answered.
 */
import { ADMINS } from '../../access/roles';
import type { FieldDef, ResourceDef } from '../engine/types';

const label = (name: string) => `mailAdmin.fields.${name}`;
const OAUTH = { field: '', values: ['oauth'] };

export function serverFields(prefix: 'mailserver_' | 'mis_', idField: string, secureByDefault: boolean): FieldDef[] {
  const col = (name: string) => `${prefix}${name}`;
  const oauth = { ...OAUTH, field: col('auth') };
  return [
    { name: idField, type: 'number', label: 'resources.common.id', readOnly: true, sortable: true },
    { name: col('name'), type: 'text', label: label('name'), required: true, max: 100, list: true, sortable: true, searchable: true },
    { name: col('host'), type: 'text', label: label('host'), required: true, max: 100, list: true, sortable: true, searchable: true },
    { name: col('port'), type: 'number', label: label('port'), required: true, list: true, sortable: true },
    { name: col('secure'), type: 'boolean', label: label('secure'), defaultValue: secureByDefault, list: true, sortable: true },
    {
      name: col('auth'),
      type: 'select',
      label: label('auth'),
      choices: ['plain', 'oauth'],
      choiceLabels: 'choices.mailServerAuth',
      defaultValue: 'plain',
      list: true,
      sortable: true,
      filter: true,
    },
    { name: col('user'), type: 'text', label: label('user'), max: 100, list: true, sortable: true, searchable: true },
    {
      name: col('pass'),
      type: 'text',
      label: label('password'),
      secret: { flag: 'has_password', keptText: label('passwordKept') },
      shownWhen: { field: col('auth'), values: ['plain'] },
    },
    { name: col('oauth_token_url'), type: 'text', label: label('oauthTokenUrl'), max: 3000, shownWhen: oauth },
    { name: col('oauth_client_id'), type: 'text', label: label('oauthClientId'), max: 3000, shownWhen: oauth },
    {
      name: col('oauth_client_secret'),
      type: 'text',
      label: label('oauthClientSecret'),
      secret: { flag: 'has_client_secret', keptText: label('clientSecretKept') },
      shownWhen: oauth,
    },
    {
      name: col('oauth_refresh_token'),
      type: 'text',
      label: label('oauthRefreshToken'),
      secret: { flag: 'has_refresh_token', keptText: label('refreshTokenKept') },
      shownWhen: oauth,
    },
    { name: col('oauth_expires_at'), type: 'date', label: label('oauthExpires'), readOnly: true, shownWhen: oauth },
    { name: col('oauth_error'), type: 'text', label: label('oauthError'), readOnly: true, shownWhen: oauth },
  ];
}

/** Admin and Developer, on brands with mail on; 50 rows a page, by name. */
export const serverResourceBase = {
  gate: { roles: ADMINS, requiredFeatures: ['mail.enabled'] },
  pageSize: 50,
} satisfies Partial<ResourceDef>;
