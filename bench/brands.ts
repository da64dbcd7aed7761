/**
 * Brand creation (a site row, a schema migrated with every brand migration, a domain), as the
 * reserve page, the seed and each test file's own brand do it; then a start's `migrateAll` over
 * that many up-to-date brand schemas, which the server tests' database reaches after a full run.
 */
import { connectDatabase } from '../server/db/connect';
import { migrateAll, migrateBrand } from '../server/db/migrations/migrate';
import { createBrand } from '../server/brand/create';
import { rmSync } from 'node:fs';

const BRANDS = Number(process.env.BENCH_BRANDS ?? 60);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runBrandBench(dataDir: string): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  const database = await connectDatabase({ dataDir });
  try {
    await migrateAll(database.db);
    const times: number[] = [];
    const schemas: string[] = [];
    for (let i = 0; i < BRANDS; i += 1) {
      const started = performance.now();
      schemas.push((await createBrand(database.db, { name: `Bench brand ${i}`, domain: `bench-brand-${i}.test`, config: {} })).schema);
      times.push(performance.now() - started);
    }
    const started = performance.now();
    await migrateAll(database.db);
    const all = performance.now() - started;
    // Without the one read of which schemas are current: the migration run of every schema in turn.
    const eachStarted = performance.now();
    for (const schema of schemas) await migrateBrand(database.db, schema);
    const each = performance.now() - eachStarted;
    console.log(`\nbrand creation (schema migrated): median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms over ${BRANDS} brands`);
    console.log(
      `migrateAll over ${BRANDS} up-to-date brand schemas: ${all.toFixed(0)} ms (each schema's migration run in turn instead: ${each.toFixed(0)} ms)`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
