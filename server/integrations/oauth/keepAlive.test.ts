/**
 * renewIdleGrants against the run's local provider server: a brand's Xero grant not renewed for
 * longer than the idle span is renewed (a new refresh token saved, the old one kept in grace),
 * a recently renewed one is left alone, and a refused one is never asked for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { brandXeroConnection, connectXero } from '../../accounting/testConnect';
import { decryptSecret } from '../../mail/secrets';
import { createTestBrand, login, sandboxProviders, useTestApp } from '../../test/helpers';
import { IDLE_MS, renewIdleGrants } from './keepAlive';
import type { OAuthDb } from './tables';

const t = useTestApp();
const DAY_MS = 86_400_000;

beforeAll(() => {
  sandboxProviders();
});

async function connectedBrand() {
  const brand = await createTestBrand(t.db);
  await connectXero(t.app, sandboxProviders(), brand.host, await login(t.app, brand.host, 'admin@demo.test'));
  const { db, connection } = await brandXeroConnection(t.db, brand.schema);
  return { db, grantId: connection.grant.og_id };
}

const grant = (db: OAuthDb, id: number) => db.selectFrom('oauth_grants').selectAll().where('og_id', '=', id).executeTakeFirstOrThrow();
const lastRenewed = (db: OAuthDb, id: number, ago: number) =>
  db
    .updateTable('oauth_grants')
    .set({ last_refresh_at: new Date(Date.now() - ago) })
    .where('og_id', '=', id)
    .execute();

describe('renewIdleGrants', () => {
  it('renews only the grants idle for longer than the span, so their refresh tokens do not lapse', async () => {
    const idle = await connectedBrand();
    const recent = await connectedBrand();
    const refused = await connectedBrand();
    await lastRenewed(idle.db, idle.grantId, IDLE_MS + DAY_MS);
    await lastRenewed(recent.db, recent.grantId, IDLE_MS - DAY_MS);
    await lastRenewed(refused.db, refused.grantId, IDLE_MS + DAY_MS);
    await refused.db.updateTable('oauth_grants').set({ status: 'refused', error_code: 'invalid_grant' }).where('og_id', '=', refused.grantId).execute();
    const before = {
      idle: await grant(idle.db, idle.grantId),
      recent: await grant(recent.db, recent.grantId),
      refused: await grant(refused.db, refused.grantId),
    };

    // Every brand of the run's database is walked: only these three grants are this test's to judge.
    const report = await renewIdleGrants(t.db);
    expect(report.renewed).toBeGreaterThanOrEqual(1);

    const renewed = await grant(idle.db, idle.grantId);
    expect(renewed.status).toBe('active');
    expect(renewed.last_refresh_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Xero rotates the refresh token; the one replaced stays usable for its grace.
    expect(decryptSecret(renewed.refresh_token_enc)).not.toBe(decryptSecret(before.idle.refresh_token_enc));
    expect(decryptSecret(renewed.prev_refresh_token_enc)).toBe(decryptSecret(before.idle.refresh_token_enc));

    expect(await grant(recent.db, recent.grantId)).toEqual(before.recent);
    expect(await grant(refused.db, refused.grantId)).toEqual(before.refused);

    // Renewed just now, it is not idle any more: a second run leaves it.
    await renewIdleGrants(t.db);
    expect(await grant(idle.db, idle.grantId)).toEqual(renewed);
  });
});
