/**
 * A Kysely instance on a fake PostgreSQL driver, for unit tests of rule modules whose database calls
 * are few and plain: every statement is compiled exactly as for PostgreSQL and recorded, and
 * `answer` decides the rows it returns. No server, no data: the rule's own logic is what is tested.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export type Answer = (statement: Statement) => readonly Record<string, unknown>[] | undefined;

export function recordingDb<DB>(answer: Answer = () => []): { db: Kysely<DB>; statements: Statement[] } {
  const statements: Statement[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const statement = { sql: query.sql, parameters: query.parameters };
      statements.push(statement);
      const rows = (answer(statement) ?? []) as R[];
      return { rows, numAffectedRows: BigInt(rows.length) };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('streaming is not supported by the recording database');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, statements };
}
