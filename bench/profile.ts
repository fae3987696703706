// My Books with 50,000 books (issue 19): the first page of `GET /api/profile/books` from the shop
// (signed in, over HTTP), beside a bare Fastify answering the same JSON bytes, requests to the two
// alternating; medians. The signed-in parent has 50,000 books and 5,000 orders, 400 other parents
// another 50,000 books. On PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a
// fresh PostgreSQL database too. `npx tsx bench/profile.ts` prints one JSON line; `run()` answers it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { queryRows } from '../src/server/db/client';
import { seedProfileLists } from '../src/server/modules/profile/seed-lists';
import { createServices } from '../src/server/services';

const OWNER_BOOKS = Number(process.env.BENCH_PROFILE_BOOKS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_PROFILE_SAMPLES ?? 100);
const PASSWORD = 'bench-profile-lantern-42';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(2));
};

const origin = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A fresh PostgreSQL database on the server of `url`, dropped by the cleanup. */
async function freshPostgres(url: string, cleanups: (() => Promise<void>)[]): Promise<string> {
  const name = `shop_bench_profile_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

/** Signs a parent up, confirms them in the database, signs in: the session's cookies. */
async function signedIn(base: string, publicUrl: string, db: Parameters<typeof queryRows>[0]) {
  // The shop takes state changes from its own pages only (same origin as PUBLIC_URL).
  const json = { origin: publicUrl, 'content-type': 'application/json' };
  const email = 'bench-profile@example.com';
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', callbackURL: '/' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`update "user" set email_verified = true where email = ${email} returning id`,
  );
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  return { userId: user!.id, cookie };
}

async function measure(driver: 'pglite' | 'postgres', databaseUrl?: string) {
  const cleanups: (() => Promise<void>)[] = [];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-profile-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    if (driver === 'postgres') env.DATABASE_URL = await freshPostgres(databaseUrl!, cleanups);
    const config = loadConfig(env);
    config.clientDir = path.join(dataDir, 'no-client');
    const services = await createServices(config);
    cleanups.unshift(() => services.database.close());
    const app = await buildApp({
      ...services,
      logger: false,
      authRateLimits: { signInPerMinute: 1000, emailPerMinute: 1000, max: 1000 },
    });
    cleanups.unshift(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const shop = origin(app);
    const { userId, cookie } = await signedIn(shop, config.publicUrl, services.database.db);

    const seedStart = performance.now();
    await seedProfileLists(services.database.db, {
      prefix: 'bench',
      ownerId: userId,
      ownerBooks: OWNER_BOOKS,
      otherUsers: 400,
      otherBooks: OWNER_BOOKS,
      ownerOrders: Math.round(OWNER_BOOKS / 10),
      otherOrders: Math.round(OWNER_BOOKS / 10),
    });
    const seedSeconds = Number(((performance.now() - seedStart) / 1000).toFixed(1));

    // The seed kept this process (and PGlite in it) busy for minutes: the keep-alive connection of
    // the sign-in may be closed by the server just as it is taken again (ECONNRESET): once more.
    const firstPage = await fetch(`${shop}/api/profile/books`, { headers: { cookie } }).catch(() =>
      fetch(`${shop}/api/profile/books`, { headers: { cookie } }),
    );
    if (!firstPage.ok) throw new Error(`the first page answered ${firstPage.status}`);
    const body = await firstPage.text();
    // The reference: a bare Fastify answering the same bytes, nothing else loaded.
    const bare = Fastify({ logger: false });
    const sameJson = JSON.parse(body);
    bare.get('/api/profile/books', async () => sameJson);
    cleanups.unshift(() => bare.close());
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const reference = origin(bare);

    const timed = async (url: string, headers: Record<string, string>) => {
      const start = performance.now();
      const response = await fetch(url, { headers });
      const text = await response.text();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return { ms: performance.now() - start, bytes: Buffer.byteLength(text) };
    };
    const shopMs: number[] = [];
    const bareMs: number[] = [];
    const nextPageMs: number[] = [];
    const { nextCursor } = sameJson as { nextCursor: string };
    for (let i = 0; i < 10; i++) {
      await timed(`${shop}/api/profile/books`, { cookie });
      await timed(`${reference}/api/profile/books`, {});
    }
    for (let i = 0; i < SAMPLES; i++) {
      shopMs.push((await timed(`${shop}/api/profile/books`, { cookie })).ms);
      bareMs.push((await timed(`${reference}/api/profile/books`, {})).ms);
      nextPageMs.push((await timed(`${shop}/api/profile/books?cursor=${nextCursor}`, { cookie })).ms);
    }
    const orders = await timed(`${shop}/api/profile/orders`, { cookie });
    return {
      books: OWNER_BOOKS,
      otherBooks: OWNER_BOOKS,
      seedSeconds,
      firstPageMs: median(shopMs),
      secondPageMs: median(nextPageMs),
      bareFastifySameJsonMs: median(bareMs),
      firstPageBytes: Buffer.byteLength(body),
      booksOnPage: (sameJson as { books: unknown[] }).books.length,
      ordersFirstPageBytes: orders.bytes,
      goal: { ms: 50, bytes: 20_000 },
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

/** The figures on PGlite and, when a PostgreSQL address is set, on PostgreSQL. */
export async function run(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { pglite: await measure('pglite') };
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    try {
      result.postgres = await measure('postgres', url);
    } catch (error) {
      result.postgres = { skipped: (error as Error).message };
    }
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await run()));
}
