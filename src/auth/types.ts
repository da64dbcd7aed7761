/** The current user as GET auth/whoami and POST auth/login answer it (docs/CONTRACT-NOTES.md). */
import type { Role } from '../../core/access/roles';
import type { Locale } from '../../core/i18n/locales';

export type DarkModeSetting = 'auto' | 'light' | 'dark';

export interface UserSettings {
  darkMode?: DarkModeSetting;
  language?: Locale | string;
  dateFormat?: string;
  timezone?: string;
  autoloadHtml?: boolean;
  iframeEditor?: boolean;
  isThumbsDefault?: boolean;
  emailEditor?: string;
  showImapFolder?: boolean;
  [key: string]: unknown;
}

export interface CurrentUser {
  is_loggedin: true;
  user_id: number;
  us_id: number;
  role: Role;
  fullname: string;
  firstname?: string | null;
  surname?: string | null;
  nickname?: string | null;
  email?: string | null;
  is_hidden?: boolean;
  settings: UserSettings;
}

/** SPEC.md point 4: unknown (null) until whoami answers, then one of the two. */
export type AuthStatus = null | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
}
