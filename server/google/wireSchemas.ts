/** The answer schemas of googleaccounts (they are also the serialisers: every field of core/google/types.ts is named). */
import type { JsonSchema } from '../envelope/schemas';

const text = { type: ['string', 'null'] };

export const accountData: JsonSchema = {
  type: 'object',
  properties: {
    ga_id: { type: 'integer' },
    email: text,
    name: text,
    accountDetails: { type: 'object', properties: { picture: text, email: text, name: text } },
    status: { type: 'string', enum: ['connected', 'reconnect_needed'] },
    scopes: { type: 'array', items: { type: 'string' } },
    google_account_selected: { type: 'boolean' },
    connectedAt: text,
    lastSyncAt: text,
    lastError: text,
  },
};

export const accountList: JsonSchema = { type: 'array', items: accountData };
