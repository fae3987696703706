import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPool, migrateDatabase } from '../src/server/db/client';
import { seedCatalogue } from '../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { baseUrl: string; database: string };
  }
}

/** A URL to another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates and seeds one template database per run; each test file then gets a fresh copy of it
 * (docs/style.md: migrate once, copy per file). PGlite: a dumped data folder; PostgreSQL: a template db.
 */
export default async function setup(project: TestProject) {
  if (project.name.endsWith(':pg')) {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the server:pg project');
    const template = `shop_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = fromPool(new pg.Pool({ connectionString: withDatabase(baseUrl, template), max: 2 }));
    await migrateDatabase(database);
    await seedCatalogue(database.db);
    await database.close();
    project.provide('pgTemplate', { baseUrl, database: template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
