/** One brand's line on /dev/dashboard, as GET dev/dashboard answers it (server and SPA). */
export interface BrandHealth {
  s_id: number;
  name: string;
  schema: string | null;
  domain: string | null;
  schemaVersion: string | null;
  pendingMigrations: number;
  sizeBytes: number;
  sessions: number;
  errors24h: number;
  /** Queue and sync health: null until the job queue and the accounting sync exist. */
  queue: null;
  sync: null;
}
