/**
 * The engine hooks of the mail servers (both kinds): what their definitions cannot say. Secrets are
 * stored encrypted; new OAuth settings start afresh (the next connect renews the token and a past
 * refusal is forgotten); an OAuth server must say where and how to renew its token, checked on the
 * saved row so a PATCH may send only part; a server a mail account uses cannot be deleted.
 */
import { mailAdminText } from '../../../core/mail/admin/messages';
import { enText } from '../../../core/i18n/en-US';
import { conflict, validationError, type FieldMessage } from '../../envelope/errors';
import type { ResourceHooks, Row } from '../../resources/hooks';
import { encryptSecret } from '../secrets';

const MAX_SECRET = 4000;

/** An absolute http(s) URL (http for a local endpoint). */
function isTokenUrl(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function serverHooks(prefix: 'mailserver_' | 'mis_', idField: string): ResourceHooks {
  const col = (name: string) => `${prefix}${name}`;
  const texts = [col('name'), col('host'), col('user'), col('oauth_token_url'), col('oauth_client_id'), 'mailserver_from'];
  const secrets = [col('pass'), col('oauth_client_secret'), col('oauth_refresh_token')];
  const oauthSettings = [col('oauth_token_url'), col('oauth_client_id'), col('oauth_client_secret'), col('oauth_refresh_token')];
  const oauthNeeds = [col('user'), col('oauth_token_url'), col('oauth_client_id'), col('oauth_refresh_token')];

  return {
    beforeWrite({ values, stored }) {
      const out: Row = { ...values };
      const problems: FieldMessage[] = [];
      const bad = (field: string, key = 'validation.value') => problems.push({ field, message: enText(key) });
      for (const name of texts) if (typeof out[name] === 'string') out[name] = (out[name] as string).trim();
      const port = out[col('port')];
      if (typeof port === 'number' && (!Number.isInteger(port) || port < 1 || port > 65535)) bad(col('port'));
      const url = out[col('oauth_token_url')];
      if (typeof url === 'string' && url && !isTokenUrl(url)) bad(col('oauth_token_url'));
      for (const name of secrets) {
        const secret = out[name];
        if (typeof secret !== 'string') continue;
        if (secret.length > MAX_SECRET) bad(name);
        else out[name] = encryptSecret(secret);
      }
      if (oauthSettings.some((name) => out[name] !== undefined))
        Object.assign(out, { [col('oauth_access_token')]: null, [col('oauth_expires_at')]: null, [col('oauth_error')]: null });
      const saved = { ...(stored ?? {}), ...out };
      if (saved[col('auth')] === 'oauth') {
        for (const name of oauthNeeds) if (!saved[name] && !problems.some((p) => p.field === name)) bad(name, 'validation.required');
      }
      if (problems.length) throw validationError(problems);
      return out;
    },

    async beforeDelete({ trx, id }) {
      const used = await trx.selectFrom('mailaccounts').select('mailaccount_id').where(idField, '=', id).limit(1).executeTakeFirst();
      if (used) throw conflict(mailAdminText('errors.serverInUse'), idField);
    },
  };
}
