/**
 * The demo's Microsoft mailbox (issue 26): when `npm start` runs the local sandbox, every brand with
 * microsoft.emails on gets the sandbox's mailbox `mailbox@demo-sandbox.test` connected, labelled as
 * the local sandbox, the default when the brand has none, and assigned to its admin and operator.
 * The sandbox forgets its tokens when the process ends, so each start gives the stored grant a
 * fresh refresh token from the sandbox's authorization server (the mailbox row, its users and its
 * mail stay). Nothing here runs against real Microsoft.
 */
import { MICROSOFT_SCOPES } from '../../core/microsoft/constants';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import type { Sandbox } from '../integrations/sandbox';
import { encryptSecret } from '../mail/secrets';
import type { MicrosoftDb } from './accounts';
import { linkMailAccount } from './mailLink';

export const SANDBOX_MAILBOX = 'mailbox@demo-sandbox.test';
export const SANDBOX_MAILBOX_NAME = 'Local sandbox mailbox';

export async function connectSandboxMailboxes(root: RootDb, sandbox: Sandbox): Promise<number> {
  const sites = await globalDb(root).selectFrom('sites').select(['schema_name', 'config']).where('schema_name', 'is not', null).execute();
  let connected = 0;
  for (const site of sites) {
    const features = (site.config as { features?: { microsoft?: { emails?: boolean } } } | null)?.features;
    if (!site.schema_name || !isBrandSchemaName(site.schema_name) || features?.microsoft?.emails !== true) continue;
    const box = sandbox.providers.microsoft.createMailbox({ subject: SANDBOX_MAILBOX, displayName: SANDBOX_MAILBOX_NAME });
    const refreshToken = sandbox.auth.refreshTokenFor('microsoft', SANDBOX_MAILBOX, [...MICROSOFT_SCOPES]);
    const db = brandDb(root, site.schema_name) as unknown as MicrosoftDb;
    // Its mail (the sandbox's demo mails in its Inbox) comes in through the Graph mail account.
    await linkMailAccount(db, await connectOne(db, box.id, refreshToken));
    connected += 1;
  }
  return connected;
}

async function connectOne(db: MicrosoftDb, mailboxId: string, refreshToken: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tokens = {
      refresh_token_enc: encryptSecret(refreshToken),
      access_token_enc: null,
      expires_at: null,
      prev_refresh_token_enc: null,
      prev_valid_until: null,
      status: 'active' as const,
      error_code: null,
      scopes: MICROSOFT_SCOPES.join(' '),
    };
    // Found by address: the sandbox gives the mailbox a new id each start, the product keeps the first.
    const known = await trx
      .selectFrom('oauth_grants')
      .select('og_id')
      .where('provider', '=', 'microsoft')
      .where('owner_kind', '=', 'mailbox')
      .where('email', '=', SANDBOX_MAILBOX)
      .executeTakeFirst();
    const ogId = known
      ? (await trx.updateTable('oauth_grants').set(tokens).where('og_id', '=', known.og_id).returning('og_id').executeTakeFirstOrThrow()).og_id
      : (
          await trx
            .insertInto('oauth_grants')
            .values({
              provider: 'microsoft',
              owner_kind: 'mailbox',
              owner_id: 0,
              external_id: mailboxId,
              email: SANDBOX_MAILBOX,
              display_name: SANDBOX_MAILBOX_NAME,
              picture_url: null,
              last_refresh_at: null,
              connected_by: null,
              ...tokens,
            })
            .returning('og_id')
            .executeTakeFirstOrThrow()
        ).og_id;
    const account = await trx
      .insertInto('microsoft_accounts')
      .values({ og_id: ogId, msa_email: SANDBOX_MAILBOX, display_name: SANDBOX_MAILBOX_NAME })
      .onConflict((oc) => oc.column('og_id').doUpdateSet({ last_error: null }))
      .returning('msa_id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('microsoft_accounts')
      .set({ is_default: true })
      .where('msa_id', '=', account.msa_id)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('microsoft_accounts as d').select('d.msa_id').where('d.is_default', '=', true))))
      .execute();
    if (!known) {
      const people = await trx.selectFrom('users').select('us_id').where('role', 'in', ['Admin', 'Operator']).execute();
      if (people.length)
        await trx
          .insertInto('microsoft_account_users')
          .values(people.map((p) => ({ msa_id: account.msa_id, us_id: p.us_id, can_send: true, can_delete: true })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
    return account.msa_id;
  });
}
