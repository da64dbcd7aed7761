import type { Role } from '../../core/access/roles';

/** The user behind a live session, as the request hooks and gates see it. */
export interface SessionUser {
  us_id: number;
  email: string;
  /** null when the stored role is not one of core/access/roles.ts (then every gate refuses). */
  role: Role | null;
  firstname: string | null;
  surname: string | null;
  nickname: string | null;
  fullname: string | null;
  is_hidden: boolean;
  settings: Record<string, unknown>;
}
