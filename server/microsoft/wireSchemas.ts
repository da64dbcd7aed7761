/** The answer schemas of microsoftaccounts (they are also the serialisers: every field of core/microsoft/types.ts is named). */
import type { JsonSchema } from '../envelope/schemas';

const text = { type: ['string', 'null'] };
const int = { type: 'integer' };

const user: JsonSchema = {
  type: 'object',
  properties: { us_id: int, name: { type: 'string' }, email: { type: 'string' }, can_send: { type: 'boolean' }, can_delete: { type: 'boolean' } },
};

const accountProperties = {
  msa_id: int,
  msa_email: { type: 'string' },
  display_name: text,
  is_default: { type: 'boolean' },
  status: { type: 'string', enum: ['connected', 'syncing', 'reconnect_needed'] },
  status_reason: text,
  sync_progress: { type: ['integer', 'null'] },
  last_sync_at: text,
  last_error: text,
  counts: { type: 'object', properties: { folders: int, total: int, unread: int } },
  users: { type: 'array', items: user },
  microsoft_account_selected: { type: 'boolean' },
  connected_at: text,
};

export const accountData: JsonSchema = { type: 'object', properties: accountProperties };
export const accountList: JsonSchema = { type: 'array', items: accountData };

export const detailsData: JsonSchema = {
  type: 'object',
  properties: {
    ...accountProperties,
    folders: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, total: int, unread: int, synced_at: text, sync_error: text, sync_error_at: text } },
    },
    token: {
      type: 'object',
      properties: {
        grant_status: { type: 'string' },
        error_code: text,
        expires_at: text,
        last_refresh_at: text,
        scopes: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};
