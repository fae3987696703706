// Book production with the real local illustrator (30 pages drawn at 2625 px, print PDFs built and
// preflighted, handed to the local printer):
//   - one whole storybook in a separate worker process (`src/server/worker.ts`, as `npm run worker`)
//     on PostgreSQL: wall time from enqueue to `fulfilled`, and the process's peak RSS (VmHWM);
//   - the same in the embedded set-up (`npm start`: PGlite in DATA_DIR and the worker in one
//     process): wall time, and the peak RSS sampled while the book is made (beside the RSS before
//     it started), on the shop's first start (PGlite creates its database then, which peaks near
//     900 MB and the process keeps) and on a later start on the same DATA_DIR (every start after),
//     and the peak of the whole process tree (`peakTreeRssMb`: the process and its children, from
//     the process's start to its end, issue 37);
//   - books per minute with one and with two worker processes on one PostgreSQL database (a fresh
//     database per run), BENCH_BOOKS books (default 4) queued at once.
// Targets: one storybook <= 30 s and <= 1 GB. Prints one JSON line.
// Run: npx tsx bench/production.ts   (PostgreSQL at BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test; without it the PostgreSQL figures are null with the reason)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { createLocalIllustrator } from '../src/server/adapters/illustrator/local';
import type { Mailer } from '../src/server/adapters/mail/index';
import { createLocalPrinter } from '../src/server/adapters/printer/local';
import { createLocalStorage } from '../src/server/adapters/storage/local';
import { loadConfig } from '../src/server/config';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/server/db/client';
import { bookInstances, books, customers, orders, users } from '../src/server/db/schema';
import { seedCatalogue } from '../src/server/db/seed';
import { enqueue } from '../src/server/jobs/queue';
import { createServices, startShopWorker } from '../src/server/services';
import { instanceKeys } from '../src/server/storage-keys';
import { personalisationOf } from '../test/personalisation-factory';
import { treeMemorySampler } from './load';
import { throwawayPostgres } from './postgres';
import { serverArgs } from './server-command';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BOOKS = Number(process.env.BENCH_BOOKS ?? 4);
const ROOT = path.resolve(import.meta.dirname, '..');
const TIMEOUT_MS = 15 * 60 * 1000;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function cover(colour: string): Promise<Buffer> {
  const size = 1024;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#fff3d6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="512" cy="573" r="220" fill="#f6c65b"/><circle cx="470" cy="540" r="24" fill="#2e2a4f"/><circle cx="560" cy="540" r="24" fill="#2e2a4f"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Paid storybooks whose drawing is queued: book rendering, order processing. */
async function paidBooks(database: Database, dataDir: string, count: number): Promise<string[]> {
  const db = database.db;
  const storage = createLocalStorage(path.join(dataDir, 'storage'));
  const [book] = await db.select({ id: books.id }).from(books).limit(1);
  const userId = `bench-${randomBytes(4).toString('hex')}`;
  await db
    .insert(users)
    .values({ id: userId, name: 'Bench', email: `${userId}@example.com`, emailVerified: true });
  const [customer] = await db
    .insert(customers)
    .values({ userId, email: `${userId}@example.com`, fullName: 'Anna Muster' })
    .returning({ id: customers.id });
  const [hero, toy] = await Promise.all([cover('#7fb4e6'), cover('#f49ac1')]);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const keys = instanceKeys(id);
    await storage.put('instances', keys.heroCover, hero, { contentType: 'image/png' });
    await storage.put('instances', keys.toyCover, toy, { contentType: 'image/png' });
    await db.insert(bookInstances).values({
      id,
      bookId: book!.id,
      themeId: 'guardian-friend',
      bookType: 'storybook',
      createdBy: userId,
      customerId: customer!.id,
      status: 'rendering',
      language: 'en',
      wizardMetadata: personalisationOf(id, { dedicationSignature: 'Mum and Dad' }),
    });
    await db
      .insert(orders)
      .values({
        userId,
        orderNumber: `BK-${Date.now()}-${i}`,
        bookType: 'storybook',
        themeId: 'guardian-friend',
        status: 'processing',
        paymentStatus: 'paid',
        coverType: 'hardcover',
        customerId: customer!.id,
        bookInstanceId: id,
        shippingAddress: {
          firstName: 'Anna',
          lastName: 'Muster',
          address: 'Hauptstrasse 1',
          city: 'Berlin',
          postalCode: '10115',
          country: 'DE',
        },
      })
      .returning({ id: orders.id });
    ids.push(id);
    // Drawn (`draw-book`), then printed (`print-book`, which draw-book queues for a paid order
    // without a version): the whole path of a book, without the parent's reading and approval.
    await enqueue(db, 'draw-book', { bookInstanceId: id }, { singletonKey: `draw-book:${id}` });
  }
  return ids;
}

/** Resolves when every book is fulfilled; throws when one is archived or it takes too long. */
async function allFulfilled(database: Database, ids: string[]): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const rows = await database.db
      .select({ status: bookInstances.status, step: bookInstances.currentStep })
      .from(bookInstances)
      .where(inArray(bookInstances.id, ids));
    const archived = rows.find((row) => row.status === 'archived');
    if (archived) {
      const [job] = await queryRows<{ last_error: string }>(
        database.db,
        sql`select last_error from jobs where queue in ('draw-book', 'print-book') and state = 'failed' limit 1`,
      );
      throw new Error(`a book was archived: ${job?.last_error ?? archived.step}`);
    }
    if (rows.every((row) => row.status === 'fulfilled')) return;
    if (Date.now() > deadline) throw new Error('books not finished in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh PostgreSQL database with the shop's schema, dropped by `drop()`. */
async function freshPostgres(): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const fresh = await throwawayPostgres(PG_URL, 'bench_prod');
  await migrateDatabase(fresh.database);
  await seedCatalogue(fresh.database.db);
  return fresh;
}

/** `npm run worker` as a child process; resolves once it says it is ready. */
async function spawnWorker(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverArgs('worker'), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ILLUSTRATOR: 'local',
      WORKER_POLL_MS: '100',
      PRINTER_SHIP_AFTER_SECONDS: '86400',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      log += data.toString();
      if (log.includes('"worker ready"')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${log.slice(-2000)}`)));
  });
  return child;
}

/** The peak resident memory of a live process (Linux /proc), in MB. */
async function peakRssMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

async function stopWorkers(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** `workers` worker processes on a fresh database make `count` books; wall time and peak RSS. */
async function runWithWorkers(workers: number, count: number) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-production-'));
  const pgDb = await freshPostgres();
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < workers; i++) children.push(await spawnWorker(pgDb.url, dataDir));
    const started = performance.now();
    const ids = await paidBooks(pgDb.database, dataDir, count);
    await allFulfilled(pgDb.database, ids);
    const seconds = (performance.now() - started) / 1000;
    const peaks = await Promise.all(children.map((child) => peakRssMb(child.pid)));
    return {
      books: count,
      seconds: Math.round(seconds * 10) / 10,
      booksPerMinute: Math.round((count / seconds) * 60 * 100) / 100,
      peakRssMbPerWorker: peaks,
    };
  } finally {
    await stopWorkers(children);
    await pgDb.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Child mode: PGlite in `dataDir/db` and the worker in this process, as `npm start` runs it; the
 * folder is created on the first run and opened as it is on the next.
 */
async function embedded(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  const storage = createLocalStorage(path.join(dataDir, 'storage'));
  const mailer: Mailer = { kind: 'outbox', send: async () => {} };
  const silent = { info() {}, warn() {}, error() {} };
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, PORT: '3000' }), {
    database,
    storage,
    mailer,
    illustrator: createLocalIllustrator(),
    printer: (ports) =>
      createLocalPrinter({ ...ports, shipAfterSeconds: 86_400, deliverAfterSeconds: 86_400 }),
  });
  const worker = startShopWorker(services, { log: silent, pollMs: 50 });
  const started = performance.now();
  const ids = await paidBooks(database, dataDir, 1);
  await allFulfilled(database, ids);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await worker.stop();
  await database.close();
  process.stdout.write(
    `${JSON.stringify({ seconds: Math.round(seconds * 10) / 10, rssBeforeMb: mb(baseline), peakRssMb: mb(peak) })}\n`,
  );
}

/** The embedded set-up twice on one DATA_DIR: the shop's first start, then a later one. */
async function runEmbeddedStarts() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-embedded-'));
  try {
    const firstStart = await runEmbedded(dataDir);
    const laterStart = await runEmbedded(dataDir);
    return { firstStart, laterStart };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function runEmbedded(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/production.ts', '--embedded', dataDir], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The whole process tree (issue 37): the shop's process and its children (PGlite's initdb child
  // on a first start), sampled from outside, summed at each moment.
  const tree = treeMemorySampler(child.pid!);
  let out = '';
  child.stdout?.on('data', (data: Buffer) => {
    out += data.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const peakTreeRssMb = await tree.stop();
  if (code !== 0) throw new Error(`the embedded run failed (${code})`);
  return { ...JSON.parse(out.trim().split('\n').at(-1)!), peakTreeRssMb };
}

async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${PG_URL} does not answer: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--embedded');
  if (at >= 0) return embedded(process.argv[at + 1]!);
  const noPostgres = await postgresAnswers();
  const single = noPostgres ? null : await runWithWorkers(1, 1);
  const embeddedRun = await runEmbeddedStarts();
  const oneWorker = noPostgres ? null : await runWithWorkers(1, BOOKS);
  const twoWorkers = noPostgres ? null : await runWithWorkers(2, BOOKS);
  const result = {
    bench: 'production',
    cpus: os.cpus().length,
    node: process.version,
    pages: 30,
    storybook: {
      workerProcessOnPostgres: single
        ? { seconds: single.seconds, peakRssMb: single.peakRssMbPerWorker[0] ?? null }
        : { skipped: noPostgres },
      embeddedPglite: embeddedRun,
      targets: { seconds: 30, peakRssMb: 1024 },
    },
    throughput: noPostgres ? { skipped: noPostgres } : { oneWorker, twoWorkers },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
