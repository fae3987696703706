// A throwaway PostgreSQL database for the benches that measure on PostgreSQL (claims.ts, production.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, fromPool } from '../src/server/db/client';

/** A new empty database on the server at `serverUrl` (a pool of 4 connections), dropped by `drop()`. */
export async function throwawayPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = fromPool(new pg.Pool({ connectionString: url.toString(), max: 4 }), () => {});
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
