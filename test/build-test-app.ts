import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Mailer, MailMessage } from '../src/server/adapters/mail/index';
import type { PaymentProvider } from '../src/server/adapters/payments/index';
import { createLocalPaymentProvider } from '../src/server/adapters/payments/local';
import type { Printer } from '../src/server/adapters/printer/index';
import { createLocalPrinter } from '../src/server/adapters/printer/local';
import type { Storage } from '../src/server/adapters/storage/index';
import { createLocalStorage } from '../src/server/adapters/storage/local';
import type { AppDeps } from '../src/server/app';
import { buildApp } from '../src/server/app';
import { type Config, loadConfig } from '../src/server/config';
import { type Database, fromPglite, fromPool } from '../src/server/db/client';
import type { JobLogger } from '../src/server/jobs/types';
import type { RunningWorker } from '../src/server/jobs/worker';
import { createServices, type ShopWorkerOptions, startShopWorker } from '../src/server/services';
import { createFakeIllustrator, FAKE_PAGE_PIXELS, isFakeIllustrator } from './fake-illustrator';
import { withDatabase } from './global-setup';

export type TestDatabase = Database & { name: string };

/**
 * A fresh, migrated and seeded database for one test file: a copy of the run's template, on
 * PGlite or on PostgreSQL as the vitest project says (TEST_DB_DRIVER).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    const { baseUrl, database: template } = inject('pgTemplate');
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    // The test database is dropped at the end; connections cut by that drop are expected.
    const database = fromPool(
      new pg.Pool({ connectionString: withDatabase(baseUrl, name), max: 4 }),
      () => {},
    );
    return {
      ...database,
      name,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { ...fromPglite(client), name: 'pglite' };
}

/** A mailer that keeps what it sends, for tests to read links from. */
export function createMemoryMailer(): Mailer & {
  sent: MailMessage[];
  lastTo(to: string): MailMessage | undefined;
} {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
    lastTo: (to) => sent.filter((message) => message.to === to).at(-1),
  };
}

/** The local payment provider's signing secret in tests, so tests can sign notifications. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_local_secret';

/** What a test may change of a worker; the app's database, storage and mailer are always used. */
export type TestWorkerOptions = Partial<Omit<ShopWorkerOptions, 'log'>>;

/** A job logger that keeps what it is told, for tests to read (nothing reaches the console). */
export function createMemoryLog(): JobLogger & { entries: { level: string; obj: object; msg?: string }[] } {
  const entries: { level: string; obj: object; msg?: string }[] = [];
  const keep = (level: string) => (obj: object, msg?: string) => {
    entries.push({ level, obj, ...(msg === undefined ? {} : { msg }) });
  };
  return { entries, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

export type TestApp = {
  app: FastifyInstance;
  mailer: ReturnType<typeof createMemoryMailer>;
  database: TestDatabase;
  storage: Storage;
  config: Config;
  dataDir: string;
  illustrator: AppDeps['illustrator'];
  /** The local printer, on a schedule of `printer` seconds (quick by default in tests). */
  printer: Printer;
  /** What the workers logged. */
  jobLog: ReturnType<typeof createMemoryLog>;
  /** Starts a worker on this app's database and storage (stopped by `close`). */
  startWorker(options?: TestWorkerOptions): RunningWorker;
  close(): Promise<void>;
};

/** The whole app on a fresh database and a temporary data folder, for `app.inject()` tests. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string;
    authRateLimits?: AppDeps['authRateLimits'];
    now?: () => Date;
    /** The app's logger (default: none). */
    logger?: import('fastify').FastifyBaseLogger;
    illustrator?: AppDeps['illustrator'];
    generationTimeoutMs?: number;
    payments?: PaymentProvider;
    /** Run a worker beside the app (off by default): true, or its options. */
    worker?: boolean | TestWorkerOptions;
    printer?: { shipAfterSeconds?: number; deliverAfterSeconds?: number };
    /**
     * A database the test owns (a restart on the same data): used instead of a fresh copy, and
     * left open by `close`.
     */
    database?: TestDatabase;
    /** How old the list of account changes may be for a kept answer (0: every read checks it). */
    keptAnswersStaleMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  // The book goes to the printer at once unless a test sets a grace period (issue 36).
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PRINT_GRACE_MINUTES: '0', ...options.env }),
  };
  if (options.clientDir) config.clientDir = options.clientDir;
  else config.clientDir = path.join(dataDir, 'no-client');
  // The shop's own composition root, with fakes where a test must not reach outside.
  const services = await createServices(config, {
    database: options.database ?? (await createTestDatabase()),
    storage: createLocalStorage(path.join(dataDir, 'storage')),
    mailer: createMemoryMailer(),
    illustrator: options.illustrator ?? createFakeIllustrator(),
    payments:
      options.payments ??
      createLocalPaymentProvider({ publicUrl: config.publicUrl, secret: TEST_WEBHOOK_SECRET }),
    printer: (ports) =>
      createLocalPrinter({
        ...ports,
        shipAfterSeconds: options.printer?.shipAfterSeconds ?? 3600,
        deliverAfterSeconds: options.printer?.deliverAfterSeconds ?? 3600,
      }),
    ...(options.now ? { now: options.now } : {}),
  });
  const database = services.database as TestDatabase;
  const mailer = services.mailer as ReturnType<typeof createMemoryMailer>;
  const { storage, illustrator, printer } = services;
  const app = await buildApp({
    ...services,
    logger: options.logger ?? false,
    authRateLimits: options.authRateLimits ?? { signInPerMinute: 1000, emailPerMinute: 1000, max: 1000 },
    ...(options.generationTimeoutMs ? { generationTimeoutMs: options.generationTimeoutMs } : {}),
    // A row a test writes itself, not through a request, is seen by the next read at once.
    keptAnswersStaleMs: options.keptAnswersStaleMs ?? 0,
  });
  await app.ready();
  const jobLog = createMemoryLog();
  const workers: RunningWorker[] = [];
  const startTestWorker = (overrides: TestWorkerOptions = {}) => {
    const worker = startShopWorker(services, {
      log: jobLog,
      pollMs: 25,
      leaseMs: 5000,
      backoffMs: 10,
      pageConcurrency: 2,
      // The fake illustrator answers 64 px flat pictures whatever size is asked: the print's real-detail
      // check (10 s of a 30-page book's 27 s, on pictures with nothing to judge) is for an illustrator
      // that draws at print size, and is tested in print/preflight.test.ts.
      ...(isFakeIllustrator(illustrator) ? { pageSize: FAKE_PAGE_PIXELS } : {}),
      ...overrides,
    });
    workers.push(worker);
    return worker;
  };
  if (options.worker) startTestWorker(options.worker === true ? {} : options.worker);
  return {
    app,
    mailer,
    database,
    storage,
    config,
    dataDir,
    illustrator,
    printer,
    jobLog,
    startWorker: startTestWorker,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
      await app.close();
      if (!options.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
