// Order creation under load: the shop in this process (so the benchmark can make the draft books a
// finished wizard leaves), on PGlite and, when PostgreSQL answers, on a fresh PostgreSQL database.
// 200 connections PUT /api/checkout/{id}/order, each request a new book, so every request creates
// an order with its items and customer; GET /api/health is loaded the same way in the same run.
// Prints one JSON line. autocannon shares the process's two cores with the shop: figures are a floor.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createLocalIllustrator } from '../src/server/adapters/illustrator/local';
import type { Mailer, MailMessage } from '../src/server/adapters/mail/index';
import { createLocalPaymentProvider } from '../src/server/adapters/payments/local';
import { createLocalStorage } from '../src/server/adapters/storage/local';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, fromPool, migrateDatabase, openDatabase } from '../src/server/db/client';
import { bookInstances, books, orders, users } from '../src/server/db/schema';
import { seedCatalogue } from '../src/server/db/seed';
import { createServices } from '../src/server/services';
import { personalisationOf } from '../test/personalisation-factory';

const CONNECTIONS = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 200);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const DRAFTS = Number(process.env.BENCH_ORDER_DRAFTS ?? 30_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const BODY = JSON.stringify({
  coverType: 'hardcover',
  grandparentCopies: { count: 2, coverType: 'softcover' },
  customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', phone: '' },
  shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  language: 'en',
});

async function run(driver: 'pglite' | 'postgres') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-orders-'));
  let database: Database;
  let dropDatabase = async () => {};
  if (driver === 'postgres') {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = fromPool(new pg.Pool({ connectionString: url.toString(), max: 10 }), () => {});
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir });
  }
  await migrateDatabase(database);
  await seedCatalogue(database.db);

  const sent: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (message) => void sent.push(message) };
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  });
  const services = await createServices(config, {
    database,
    storage: createLocalStorage(path.join(dataDir, 'storage')),
    mailer,
    illustrator: createLocalIllustrator(),
    payments: createLocalPaymentProvider({ publicUrl: config.publicUrl }),
  });
  const app = await buildApp({
    ...services,
    logger: process.env.BENCH_LOG_LEVEL ? undefined : false,
    authRateLimits: { signInPerMinute: 100_000, emailPerMinute: 100_000, max: 100_000 },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // One confirmed account, signed in.
  const email = 'bench@example.com';
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: config.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'tidy-lantern-42', name: 'Bench', callbackURL: '/' }),
  });
  const link = new URL(/https?:\/\/\S+/.exec(sent.at(-1)?.text ?? '')![0]);
  const confirm = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  const cookie = ([] as string[])
    .concat(confirm.headers['set-cookie'] ?? [])
    .map((value) => value.split(';')[0])
    .find((pair) => pair?.startsWith('shop.session_token='))!;

  // The drafts a finished wizard leaves: one per request, so each request creates an order.
  const [user] = await database.db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
  const [book] = await database.db.select({ id: books.id }).from(books).limit(1);
  const ids: string[] = [];
  for (let start = 0; start < DRAFTS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, DRAFTS - start) }, () => crypto.randomUUID());
    ids.push(...batch);
    await database.db.insert(bookInstances).values(
      batch.map((id) => ({
        id,
        bookId: book!.id,
        themeId: 'guardian-friend',
        bookType: 'storybook' as const,
        createdBy: user!.id,
        wizardMetadata: personalisationOf(id),
      })),
    );
  }

  let next = 0;
  const orderLoad = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: BODY,
        setupRequest: (request) => ({ ...request, path: `/api/checkout/${ids[next++ % ids.length]}/order` }),
      },
    ],
  });
  const [{ count }] = (await database.db.select({ count: sql<number>`count(*)::int` }).from(orders)) as [
    { count: number },
  ];
  const healthLoad = await autocannon({
    url: `${address}/api/health`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });

  await app.close();
  await database.close();
  await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
  const figures = (result: autocannon.Result) => ({
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    // autocannon counts a request that got no answer within 10 s both as an error and as a timeout.
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  });
  return {
    orders: { ...figures(orderLoad), ordersCreated: count, requestsSent: next },
    health: figures(healthLoad),
  };
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const result: Record<string, unknown> = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
result.pglite = await run('pglite');
result.postgres = (await postgresAnswers())
  ? await run('postgres')
  : { skipped: `PostgreSQL not reachable at ${PG_URL}` };
console.log(JSON.stringify(result));
process.exit(0);
