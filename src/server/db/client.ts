import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_SOURCE } from '../paths';
import { lockDataDir } from './data-lock';
import { createPgliteFolder } from './pglite-folder';
import * as schema from './schema';

type Schema = typeof schema;
/** The query builder; the same type whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (the job queue and tests reach it directly). */
  pglite?: PGlite;
  /** The pool when on PostgreSQL. */
  pool?: pg.Pool;
  /** Round-trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(SERVER_SOURCE, 'db', 'migrations');

/** Wraps an open PGlite (a folder, memory, or a loaded template) as the shop's database. */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Wraps a node-postgres pool as the shop's database. A connection the server drops while idle is
 * reported, not left to crash the process (node-postgres emits it as an 'error' event).
 */
export function fromPool(
  pool: pg.Pool,
  onIdleError: (error: Error) => void = (error) =>
    console.error(`database connection lost: ${error.message}`),
): Database {
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * Opens the shop's database: PostgreSQL when a URL is given, else the embedded PGlite in
 * `dataDir/db` (created on first start; the data survives restarts), refused with
 * `DatabaseLockedError` while another live process has it open.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const database = fromPool(pool);
    await database.ping();
    return database;
  }
  // One process owns the embedded database; a second one is refused (data-lock.ts).
  const unlock = lockDataDir(options.dataDir);
  try {
    const folder = path.join(options.dataDir, 'db');
    await createPgliteFolder(folder);
    const database = fromPglite(await PGlite.create(folder));
    const close = database.close;
    return {
      ...database,
      close: async () => {
        try {
          await close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Applies the committed SQL migrations that have not run yet (the same files on both drivers). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Rows of a raw SQL query (both drivers answer with `{ rows }`), as a named statement when `name` is given. */
export async function queryRows<T>(db: Db, query: SQL, name?: string): Promise<T[]> {
  if (name === undefined) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  return prepareRows<T>(db, query, name)();
}

/**
 * A raw SQL query built once as a named statement: its text is made here, and each call only binds
 * the values of its `sql.placeholder`s. On PostgreSQL each pooled connection parses and analyses
 * the text once, then only binds the values. The name must always stand for the same text
 * (node-postgres refuses a name reused for another).
 */
export function prepareRows<T>(
  db: Db,
  query: SQL,
  name: string,
): (values?: Record<string, unknown>) => Promise<T[]> {
  // Drizzle names only its query builder's statements, so the raw statement goes through the same
  // session call they do.
  const internal = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(values?: Record<string, unknown>): Promise<{ rows: T[] }> };
    };
  };
  const prepared = internal.session.prepareQuery(internal.dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => (await prepared.execute(values)).rows;
}

/** The names of the shop's tables, for checks that the schema is in place. */
export async function listTables(database: Database): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}
