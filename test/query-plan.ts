import type { TestDatabase } from './build-test-app';

/**
 * The plan PostgreSQL (or PGlite) would run for a statement, as JSON text (node types, index
 * names), without running it: the plan tests read it rather than timings.
 */
export async function queryPlan(
  database: TestDatabase,
  statement: { sql: string; params: unknown[] },
): Promise<string> {
  const explain = `explain (format json) ${statement.sql}`;
  const rows = database.pglite
    ? (await database.pglite.query(explain, statement.params)).rows
    : (await database.pool!.query(explain, statement.params)).rows;
  return JSON.stringify(rows);
}
