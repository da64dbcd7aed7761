/** Creates users in a brand schema. Passwords are stored as scrypt(sha256hex(typed)), as login expects. */
import { brandDb, type RootDb } from '../db/types';
import { hashPassword, sha256Hex } from '../auth/password';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail, type Person } from './people';

export interface NewUser {
  email: string;
  role: string;
  firstname: string;
  surname: string;
  nickname?: string | null;
  password?: string;
  settings?: Record<string, unknown>;
}

export async function createUser(root: RootDb, schema: string, user: NewUser): Promise<number> {
  const row = await brandDb(root, schema)
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: await hashPassword(sha256Hex(user.password ?? DEMO_PASSWORD)),
      role: user.role,
      firstname: user.firstname,
      surname: user.surname,
      nickname: user.nickname ?? null,
      fullname: `${user.firstname} ${user.surname}`,
      settings: JSON.stringify(user.settings ?? {}),
    })
    .returning('us_id')
    .executeTakeFirstOrThrow();
  return row.us_id;
}

/** One user per role, `<role>@demo.test` / demo1234. Returns us_id by role. */
export async function createDemoUsers(root: RootDb, schema: string, people: readonly Person[] = DEMO_PEOPLE): Promise<Record<string, number>> {
  // Hashing runs on libuv's thread pool, so the users are made side by side.
  const made = await Promise.all(
    people.map(
      async (p) =>
        [
          p.role,
          await createUser(root, schema, { email: demoEmail(p.role), role: p.role, firstname: p.firstname, surname: p.surname, nickname: p.nickname }),
        ] as const,
    ),
  );
  return Object.fromEntries(made);
}
