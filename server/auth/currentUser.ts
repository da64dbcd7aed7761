/** The CurrentUser answer of CONTRACT-NOTES, with the settings defaults of SPEC.md point 3. */
import { DEFAULT_SETTINGS } from '../../core/usersettings/userSettings';
import type { SessionUser } from './types';

export function toCurrentUser(user: SessionUser) {
  return {
    is_loggedin: true as const,
    user_id: user.us_id,
    us_id: user.us_id,
    role: user.role,
    fullname: user.fullname,
    firstname: user.firstname,
    surname: user.surname,
    nickname: user.nickname,
    email: user.email,
    is_hidden: user.is_hidden,
    settings: { ...DEFAULT_SETTINGS, ...user.settings },
  };
}

export const currentUserSchema = {
  type: 'object',
  properties: {
    is_loggedin: { type: 'boolean' },
    user_id: { type: 'integer' },
    us_id: { type: 'integer' },
    role: { type: ['string', 'null'] },
    fullname: { type: ['string', 'null'] },
    firstname: { type: ['string', 'null'] },
    surname: { type: ['string', 'null'] },
    nickname: { type: ['string', 'null'] },
    email: { type: 'string' },
    is_hidden: { type: 'boolean' },
    settings: { type: 'object', additionalProperties: true },
  },
  required: ['is_loggedin'],
} as const;
