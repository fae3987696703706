import type { Db } from '../src/server/db/client';

/**
 * The SQL texts drizzle builds while `run` runs (issue 37: a named statement built once builds no
 * text on later calls). Spies on the database's dialect and restores it afterwards.
 */
export async function statementsBuiltDuring(db: Db, run: () => Promise<void>): Promise<string[]> {
  const dialect = (db as unknown as { dialect: { sqlToQuery(query: unknown): { sql: string } } }).dialect;
  const built: string[] = [];
  const sqlToQuery = dialect.sqlToQuery;
  dialect.sqlToQuery = function (this: unknown, query: unknown) {
    const result = sqlToQuery.call(this, query);
    built.push(result.sql);
    return result;
  };
  try {
    await run();
  } finally {
    dialect.sqlToQuery = sqlToQuery;
  }
  return built;
}
