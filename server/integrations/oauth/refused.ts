/**
 * A grant the provider refused: the brand's admins (and the user who owns the grant) get a GENERAL
 * notification, raised in the refusal's transaction, so someone reconnects. The text is en-US, as
 * other server-made texts in notification params are.
 */
import { ADMINS } from '../../../core/access/roles';
import type { JobDb } from '../../jobs/tables';
import { raiseNotification } from '../../notifications/raise';
import type { GrantRow, OAuthDb } from './tables';

const NAMES = { xero: 'Xero', google: 'Google', microsoft: 'Microsoft' } as const;

export function refusedNoticeText(grant: Pick<GrantRow, 'provider' | 'email' | 'display_name'>, code: string): string {
  const who = grant.display_name ?? grant.email;
  return `${NAMES[grant.provider]} refused to renew access${who ? ` for ${who}` : ''} (${code}). Connect it again to resume.`;
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
    type: 'GENERAL',
    job_id: null,
    actor: null,
    recipients,
    params: { text: refusedNoticeText(grant, code), provider: grant.provider, grant_id: grant.og_id, error: code },
  });
}
