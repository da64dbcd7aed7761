/** Texts of the developer dashboard, the SQL batch page and the error logs, in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  devTools: {
    dashboard: { brand: 'Brand', domain: 'Domain', schema: 'Schema', version: 'Schema version', pending: 'Pending migrations', size: 'Database size', sessions: 'Sessions', errors: 'Errors (24 h)', queue: 'Queue', sync: 'Sync', none: 'n/a' },
    sql: {
      files: 'SQL files',
      addFile: 'Add SQL file',
      name: 'File name',
      type: 'Type',
      sql: 'SQL',
      schemas: 'Schemas',
      database: 'Database',
      dryRun: 'Dry run (roll back every schema)',
      run: 'Run',
      mixed: "SQL file types 'global' and 'site_n' cannot be selected together.",
      success: 'Sql files to DB was success.',
      failed: 'New SQL files to DB error!',
      results: 'Results',
      ok: 'OK',
      rolledBack: 'rolled back',
      committed: 'committed',
      error: 'error',
      history: 'Executed batches',
      executedBy: 'Executed by',
      when: 'When',
    },
    errors: { id: 'Error id', when: 'When', brand: 'Schema', method: 'Method', url: 'URL', message: 'Message', occurrences: 'Times', stack: 'Stack', search: 'Search', empty: 'No errors.', allBrands: 'All brands' },
  },
};

const huHU: MessageTree = {
  devTools: {
    dashboard: { brand: 'Márka', domain: 'Domain', schema: 'Séma', version: 'Séma verzió', pending: 'Függő migrációk', size: 'Adatbázis mérete', sessions: 'Munkamenetek', errors: 'Hibák (24 óra)', queue: 'Sor', sync: 'Szinkron', none: 'n/a' },
    sql: {
      files: 'SQL-fájlok',
      addFile: 'SQL-fájl hozzáadása',
      name: 'Fájlnév',
      type: 'Típus',
      sql: 'SQL',
      schemas: 'Sémák',
      database: 'Adatbázis',
      dryRun: 'Próbafuttatás (minden séma visszagörgetve)',
      run: 'Futtatás',
      mixed: "A 'global' és a 'site_n' SQL-fájltípus nem választható ki egyszerre.",
      success: 'Az SQL-fájlok sikeresen lefutottak.',
      failed: 'Hiba az új SQL-fájlok adatbázisba futtatásakor!',
      results: 'Eredmények',
      ok: 'OK',
      rolledBack: 'visszagörgetve',
      committed: 'véglegesítve',
      error: 'hiba',
      history: 'Futtatott kötegek',
      executedBy: 'Futtatta',
      when: 'Időpont',
    },
    errors: { id: 'Hibaazonosító', when: 'Időpont', brand: 'Séma', method: 'Metódus', url: 'URL', message: 'Üzenet', occurrences: 'Előfordulás', stack: 'Verem', search: 'Keresés', empty: 'Nincs hiba.', allBrands: 'Minden márka' },
  },
};

export const devToolsMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
