/**
 * A grant the provider refused: the brand's admins (and the user who owns the grant) get a
 * RECONNECT_NEEDED notification, raised in the refusal's transaction, so someone reconnects. It is
 * raised once per refusal: the refusal is saved under the grant's row lock only while the grant is
 * active, and a refused grant is never renewed again (./renewal.ts). Its params name the provider
 * and the page to connect it again on, so Google and Microsoft reuse it; `text` is en-US, as other
 * server-made texts in notification params are (the SPA shows the type and the link translated).
 */
import { ADMINS } from '../../../core/access/roles';
import type { JobDb } from '../../jobs/tables';
import { raiseNotification } from '../../notifications/raise';
import type { ProviderName } from '../providerConfig';
import type { GrantRow, OAuthDb } from './tables';

export const PROVIDER_NAMES: Record<ProviderName, string> = { xero: 'Xero', google: 'Google', microsoft: 'Microsoft' };

/** Where a provider's grant is connected again; null while its screen does not exist yet. */
export const RECONNECT_PATHS: Record<ProviderName, string | null> = { xero: '/xero', google: null, microsoft: null };

export function refusedNoticeText(grant: Pick<GrantRow, 'provider' | 'email' | 'display_name'>, code: string): string {
  const who = grant.display_name ?? grant.email;
  return `${PROVIDER_NAMES[grant.provider]} refused to renew access${who ? ` for ${who}` : ''} (${code}). Connect it again to resume.`;
}

export async function notifyRefused(db: OAuthDb, grant: GrantRow, code: string): Promise<number> {
  const admins = await db
    .selectFrom('users')
    .select('us_id')
    .where('role', 'in', [...ADMINS])
    .where('is_hidden', '=', false)
    .execute();
  const recipients = admins.map((a) => a.us_id);
  if (grant.owner_kind === 'user') recipients.push(grant.owner_id);
  return raiseNotification(db as unknown as JobDb, {
    type: 'RECONNECT_NEEDED',
    job_id: null,
    actor: null,
    recipients,
    params: {
      text: refusedNoticeText(grant, code),
      provider: grant.provider,
      provider_name: PROVIDER_NAMES[grant.provider],
      link: RECONNECT_PATHS[grant.provider],
      grant_id: grant.og_id,
      error: code,
    },
  });
}
