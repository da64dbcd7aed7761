/**
 * Real mail servers for the browser tests, the ones the server tests use: Debian's Dovecot (IMAP,
 * with a Sent folder) and an SMTP listener that records what it receives, both on loopback ports
 * of the test process. `mailAccountFor` makes the app send and sync through them, set up as an
 * admin would, through the admin API: incoming and outgoing server, account, users.
 */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { startTestSmtp } from '../../server/publicauth/testSmtp';
import { startDovecot, type Dovecot } from '../../server/test/dovecot';
import { DEMO } from './session';

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

export interface MailServers {
  dovecot: Dovecot;
  smtp: TestSmtp;
  stop(): Promise<void>;
}

export async function startMailServers(): Promise<MailServers> {
  const dovecot = await startDovecot();
  const smtp = await startTestSmtp();
  return {
    dovecot,
    smtp,
    stop: async () => {
      await smtp.close();
      await dovecot.stop();
    },
  };
}

/** The `data` of an answer of the app's API (`{ <key>: { data } }`), after checking its status. */
async function data<T>(res: APIResponse, key: string): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json())[key].data as T;
}

export interface TestMailAccount {
  mailaccount_id: number;
  email: string;
  /** The account's folders once its first sync has listed them. */
  folders: { ifolder_id: number; ifolder_path: string }[];
}

/**
 * A mail account on the test servers, made with an admin's session, shared by `userIds` with the
 * right to send; answers once the first sync has found the Sent folder.
 */
export async function mailAccountFor(admin: APIRequestContext, servers: MailServers, name: string, userIds: number[]): Promise<TestMailAccount> {
  const email = `${name.toLowerCase()}@e2e-mail.example`;
  const password = 'pw-e2e';
  await servers.dovecot.addUser(email, password);
  const incoming = await data<{ mis_id: number }>(
    await admin.post(`${DEMO}/api/mailincomingservers/create`, {
      data: {
        mis_name: `${name} IMAP`,
        mis_host: servers.dovecot.host,
        mis_port: servers.dovecot.port,
        mis_secure: false,
        mis_user: email,
        mis_pass: password,
      },
    }),
    'mailincomingservers',
  );
  const outgoing = await data<{ mailserver_id: number }>(
    await admin.post(`${DEMO}/api/mailservers/create`, {
      data: {
        mailserver_name: `${name} SMTP`,
        mailserver_host: '127.0.0.1',
        mailserver_port: servers.smtp.port,
        mailserver_secure: false,
        mailserver_from: email,
      },
    }),
    'mailservers',
  );
  const account = await data<{ mailaccount_id: number }>(
    await admin.post(`${DEMO}/api/mailaccounts/create`, {
      data: { ma_name: name, ma_email: email, mis_id: incoming.mis_id, mailserver_id: outgoing.mailserver_id },
    }),
    'mailaccounts',
  );
  const id = account.mailaccount_id;
  await data(
    await admin.post(`${DEMO}/api/mailaccounts/${id}/assignusers`, {
      data: { _bulk: userIds.map((us_id) => ({ us_id, maxu_user_can_send: true, maxu_user_can_delete: true })) },
    }),
    'mailaccounts',
  );
  expect((await admin.post(`${DEMO}/api/mailaccounts/${id}/sync`)).status()).toBe(202);
  let folders: TestMailAccount['folders'] = [];
  await expect
    .poll(
      async () => {
        folders = await data(await admin.post(`${DEMO}/api/imapfolders/filter`, { data: { mailaccount_id: id } }), 'imapfolders');
        return folders.map((f) => f.ifolder_path);
      },
      { timeout: 30_000 },
    )
    .toContain('Sent');
  return { mailaccount_id: id, email, folders };
}

/** The signed-in user's id (auth/whoami). */
export async function sessionUserId(request: APIRequestContext): Promise<number> {
  return data<{ us_id: number }>(await request.get(`${DEMO}/api/auth/whoami`), 'auth').then((u) => u.us_id);
}
