/**
 * The rule modules the mutation bench covers, and the tests that guard each of them. Stryker mutates
 * `mutate`; the vitest config of this folder runs only the `tests` of the side being measured, so
 * the server's modules need no database (their DB calls run against server/test/recordingDb.ts).
 */
export const SIDES = {
  spa: {
    environment: 'jsdom',
    modules: [
      { mutate: 'core/access/access.ts', tests: ['core/access/access.test.ts'] },
      { mutate: 'core/jobs/money.ts', tests: ['core/jobs/money.test.ts'] },
      { mutate: 'src/notices/noticeStore.ts', tests: ['src/notices/noticeStore.test.ts'] },
      { mutate: 'core/mail/compose/addresses.ts', tests: ['core/mail/compose/addresses.test.ts'] },
      { mutate: 'core/lists/search.ts', tests: ['core/lists/search.test.ts'] },
      { mutate: 'src/storage/expiringStorage.ts', tests: ['src/storage/expiringStorage.test.ts', 'src/storage/clientStorage.test.ts'] },
      {
        mutate: 'core/resources/engine/schema.ts',
        tests: ['core/resources/engine/schema.test.ts', 'src/resources/engine/engine.test.ts', 'src/resources/engine/crossField.test.ts'],
      },
      { mutate: 'src/mail/client/useMailAccounts.ts', tests: ['src/mail/client/useMailAccounts.test.tsx'] },
    ],
  },
  server: {
    environment: 'node',
    modules: [
      { mutate: 'server/jobs/sales/totals.ts', tests: ['server/jobs/sales/totals.unit.test.ts'] },
      { mutate: 'server/jobs/costs/locks.ts', tests: ['server/jobs/costs/locks.unit.test.ts'] },
      { mutate: 'server/jobs/numbering.ts', tests: ['server/jobs/numbering.unit.test.ts'] },
      { mutate: 'server/http/listQuery.ts', tests: ['server/http/listQuery.unit.test.ts'] },
      { mutate: 'server/jobs/filterParse.ts', tests: ['server/jobs/filterParse.unit.test.ts'] },
      { mutate: 'server/auth/gate.ts', tests: ['server/auth/gate.unit.test.ts'] },
      { mutate: 'server/envelope/errors.ts', tests: ['server/envelope/errors.unit.test.ts'] },
      { mutate: 'server/envelope/pgErrors.ts', tests: ['server/envelope/pgErrors.unit.test.ts'] },
      { mutate: 'server/auth/passwordPolicy.ts', tests: ['server/auth/passwordPolicy.unit.test.ts'] },
    ],
  },
};

/** The side named by MUTATION_SIDE (default spa). */
export function currentSide() {
  const name = process.env.MUTATION_SIDE ?? 'spa';
  const side = SIDES[name];
  if (!side) throw new Error(`MUTATION_SIDE must be one of ${Object.keys(SIDES).join(', ')}`);
  return { name, ...side };
}
