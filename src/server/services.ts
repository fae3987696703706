import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import type { Illustrator } from './adapters/illustrator/index';
import { createLocalIllustrator } from './adapters/illustrator/local';
import { createPhotoChecker } from './adapters/illustrator/photo-check';
import { selectIllustrator } from './adapters/illustrator/select';
import type { Mailer } from './adapters/mail/index';
import { createOutboxMailer } from './adapters/mail/outbox';
import { createSmtpMailer } from './adapters/mail/smtp';
import type { PaymentProvider } from './adapters/payments/index';
import { createLocalPaymentProvider } from './adapters/payments/local';
import { createStripeProvider } from './adapters/payments/stripe';
import { type Printer, type PrintStatusReport, parsePrintExternalId } from './adapters/printer/index';
import { selectPrinter } from './adapters/printer/select';
import type { Storage } from './adapters/storage/index';
import { selectStorage } from './adapters/storage/select';
import type { Config } from './config';
import { type Database, type Db, migrateDatabase, openDatabase } from './db/client';
import { seedCatalogue } from './db/seed';
import { enqueue } from './jobs/queue';
import { nextRetentionTime, runRetention, scheduleRetention } from './jobs/retention';
import type { JobContext, JobHandlers, JobLogger } from './jobs/types';
import { type RunningWorker, startWorker, type WorkerOptions } from './jobs/worker';
import { loggerOptions } from './logger';
import { deliverLocalPayment, dueLocalPaymentsNow } from './modules/payments/local-notifications';
import {
  applyEvent,
  markRefundFailed,
  type PaymentsDeps,
  readEvent,
  refundPayment,
} from './modules/payments/service';
import { printFileLinks } from './modules/print-files/signing';
import { sendShopAlert } from './modules/printer/shop-alert';
import { archiveDrawing, drawBook, failRedraw, redrawPage } from './modules/production/draw-book';
import { sendOrderEmail } from './modules/production/emails';
import { archivePrinting, printBook } from './modules/production/print-book';
import { applyPrintStatus } from './modules/production/print-status';
import { queueBookReminders, sendBookReminder } from './modules/reminders/service';
import { PAGE_PIXELS } from './print/spec';

/**
 * The composition root: the one place that picks and wires the adapters (storage, mail,
 * illustrator, payments, printer) and the job handlers, for the server (main.ts), the separate
 * worker (worker.ts) and the tests (test/build-test-app.ts, which pass fakes as overrides).
 * Adapters import no module, job or database code: what they need of the shop comes in here.
 */
export type Services = {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  illustrator: Illustrator;
  payments: PaymentProvider;
  printer: Printer;
  /** Where the outbox mailer writes (the development page lists it); unset with SMTP or a fake. */
  outboxDir?: string;
  /** The shop's clock: tests move it, everything else reads the real time through it. */
  now: () => Date;
};

/** What the caller brings instead of the configured adapters (tests: fakes and a test database). */
export type ServiceOverrides = {
  database?: Database;
  storage?: Storage;
  mailer?: Mailer;
  illustrator?: Illustrator;
  payments?: PaymentProvider;
  /** A printer, or how to build one from the shop's ports (the local printer's timing in tests). */
  printer?: Printer | ((ports: PrinterPorts) => Printer);
  now?: () => Date;
  /** Where the adapters log (Lulu's calls); silent without. */
  log?: JobLogger;
  /** Seed the catalogue after migrating a database this opens (the server does; a lone worker not). */
  seed?: boolean;
};

/** What a printer gets of the shop (src/server/adapters/printer). */
export type PrinterPorts = Parameters<typeof selectPrinter>[1];

/** The server's pino logger without a server (the separate worker, the adapters' start-up logs). */
export function createLogger(config: Config) {
  return Fastify({ logger: loggerOptions(config) }).log;
}

/** Builds every adapter of the configuration, opening (and migrating) the database unless given. */
export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const database = overrides.database ?? (await openMigrated(config, overrides.seed ?? true));
  const storage = overrides.storage ?? selectStorage(config.storage, path.join(config.dataDir, 'storage'));
  // Half-written files a crash left behind (docs/decisions/019); the retention run removes them too.
  const leftovers = overrides.storage ? 0 : ((await storage.removeLeftovers?.()) ?? 0);
  if (leftovers > 0) overrides.log?.info({ leftovers }, 'removed temporary files a crash left behind');
  const outboxDir = overrides.mailer || config.mail.smtpUrl ? undefined : path.join(config.dataDir, 'outbox');
  const mailer =
    overrides.mailer ??
    (outboxDir
      ? createOutboxMailer(outboxDir, config.mail.from)
      : createSmtpMailer(config.mail.smtpUrl!, config.mail.from));
  const illustrator = overrides.illustrator ?? configuredIllustrator(config);
  const now = overrides.now ?? (() => new Date());
  const payments = overrides.payments ?? configuredPayments(config, database.db, now, overrides.log);
  const ports: PrinterPorts = {
    storage,
    now,
    publicUrl: config.publicUrl,
    scheduleReport: printStatusScheduler(database.db),
    fileLinks: (secret: string) => printFileLinks(config.publicUrl, secret),
    ...(overrides.log ? { log: overrides.log } : {}),
  };
  const printer =
    typeof overrides.printer === 'function'
      ? overrides.printer(ports)
      : (overrides.printer ?? selectPrinter(config.printer, ports));
  return {
    config,
    database,
    storage,
    mailer,
    illustrator,
    payments,
    printer,
    ...(outboxDir ? { outboxDir } : {}),
    now,
  };
}

/**
 * The local printer's reports as delayed jobs, one per print job and status (the singleton key
 * Lulu's webhook uses too), so a resubmission does not report twice and a restart keeps the
 * schedule. A gift copy's own job reports about that copy (issue 18).
 */
export function printStatusScheduler(db: Db): PrinterPorts['scheduleReport'] {
  return async (externalId: string, update: PrintStatusReport, afterMs: number) => {
    const job = parsePrintExternalId(externalId);
    if (!job) throw new Error(`Not a print job of the shop: ${externalId}`);
    await enqueue(
      db,
      'print-status',
      { ...job, update },
      { singletonKey: `print-status:${externalId}:${update.status}`, delayMs: afterMs },
    );
  };
}

async function openMigrated(config: Config, seed: boolean): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Up to date already when another process started first; a fresh database gets its tables.
  await migrateDatabase(database);
  if (seed) await seedCatalogue(database.db);
  return database;
}

function configuredIllustrator(config: Config): Illustrator {
  const photoChecker = createPhotoChecker();
  return selectIllustrator(config.illustrator, createLocalIllustrator({ photoChecker }), { photoChecker });
}

function configuredPayments(
  config: Config,
  db: Db,
  now: () => Date,
  log: PaymentsDeps['log'] = { info: () => {}, warn: () => {} },
): PaymentProvider {
  const { payments } = config;
  if (payments.provider !== 'stripe') {
    // The local provider's notifications (refunds) go through the same code as the webhook's.
    const secret = `whsec_local_${randomBytes(24).toString('hex')}`;
    const deps: PaymentsDeps = {
      db,
      webhookSecret: secret,
      now,
      log,
      printGraceMinutes: config.printGraceMinutes,
    };
    return createLocalPaymentProvider({
      publicUrl: config.publicUrl,
      secret,
      notify: { send: (rawBody, signature) => applyEvent(deps, readEvent(deps, rawBody, signature)), now },
    });
  }
  return createStripeProvider({
    secretKey: payments.stripeSecretKey!,
    webhookSecret: payments.stripeWebhookSecret!,
    ...(payments.stripeApiBaseUrl ? { apiBaseUrl: payments.stripeApiBaseUrl } : {}),
  });
}

/** How a worker of the shop works; the adapters may be replaced for one worker (tests). */
export type ShopWorkerOptions = Omit<WorkerOptions, 'database' | 'handlers'> & {
  /** Pages of one book illustrated at once (default 2). */
  pageConcurrency?: number;
  /** Pixel size of page pictures (tests ask for small ones). */
  pageSize?: number;
  illustrator?: Illustrator;
  printer?: Printer;
  /** Handlers to run instead of the shop's own for some queues (tests of the worker itself). */
  handlers?: Partial<JobHandlers>;
};

/** Every queue's handler, registered here rather than imported by the queue (jobs/payloads.ts). */
function createJobHandlers(
  services: Services,
  options: { leaseMs: number; pageConcurrency: number; pageSize?: number },
): JobHandlers {
  const { db } = services.database;
  const mail = {
    db,
    mailer: services.mailer,
    publicUrl: services.config.publicUrl,
    seller: services.config.seller,
  };
  const production = (context: JobContext) => ({
    db,
    storage: services.storage,
    illustrator: services.illustrator,
    printer: services.printer,
    log: context.log,
    // Leases on pages and on finishing are held per run, so two runs in one worker differ.
    workerId: `${context.workerId}/${context.job.id}`,
    leaseMs: options.leaseMs,
    pageConcurrency: options.pageConcurrency,
    signal: context.signal,
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
  });
  return {
    'draw-book': {
      handle: (payload, context) => drawBook(production(context), payload),
      onFinalFailure: (tx, payload) => archiveDrawing(tx, payload),
    },
    'redraw-page': {
      handle: (payload, context) => redrawPage(production(context), payload),
      onFinalFailure: (tx, payload, error) => failRedraw(tx, payload, error),
    },
    'print-book': {
      handle: (payload, context) =>
        printBook(
          {
            ...production(context),
            // The local illustrator draws at print size: its pictures must carry that detail (a
            // worker told to draw smaller, WORKER_PAGE_PIXELS, prints them scaled up).
            nativeDetail:
              services.illustrator.kind === 'local' && (options.pageSize ?? PAGE_PIXELS) >= PAGE_PIXELS,
            reviewBeforePrint: services.config.reviewBeforePrint,
            now: services.now,
          },
          payload,
        ),
      onFinalFailure: (tx, payload) => archivePrinting(tx, payload),
    },
    'send-order-email': { handle: (payload) => sendOrderEmail(mail, payload) },
    'send-book-reminder': { handle: (payload) => sendBookReminder(mail, payload) },
    'refund-payment': {
      handle: (payload) =>
        refundPayment({ db, payments: services.payments, now: services.now }, payload.refundId),
      onFinalFailure: (tx, payload) => markRefundFailed(tx, payload.refundId),
    },
    'local-payment-notification': {
      handle: (payload, context) =>
        deliverLocalPayment(
          {
            db,
            webhookSecret: services.payments.webhookSecret,
            now: services.now,
            log: context.log,
            paymentMethodOf: (event) => services.payments.paymentMethodOf?.(event) ?? Promise.resolve(null),
            printGraceMinutes: services.config.printGraceMinutes,
          },
          payload,
        ),
    },
    'send-shop-alert': { handle: (payload) => sendShopAlert(mail, payload) },
    'print-status': { handle: (payload) => applyPrintStatus(db, payload) },
    retention: {
      handle: async (_payload, context) => {
        // The next hour's run is queued first, so a failing run does not end the schedule.
        await scheduleRetention(db, nextRetentionTime(services.now()));
        await runRetention({
          db,
          storage: services.storage,
          log: context.log,
          now: services.now,
          ...(services.outboxDir ? { outboxDir: services.outboxDir } : {}),
        });
        // The same hourly run queues the day-old unpaid books' reminders (issue 18).
        const reminders = await queueBookReminders(db, services.now());
        if (reminders > 0) context.log.info({ reminders }, 'book reminders queued');
      },
    },
  };
}

/** Starts a worker on the shop's queue with the shop's handlers (server, `npm run worker`, tests). */
export function startShopWorker(services: Services, options: ShopWorkerOptions): RunningWorker {
  const { pageConcurrency, pageSize, illustrator, printer, handlers, ...workerOptions } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const shopHandlers = createJobHandlers(
    {
      ...services,
      ...(illustrator ? { illustrator } : {}),
      ...(printer ? { printer } : {}),
    },
    { leaseMs, pageConcurrency: pageConcurrency ?? 2, ...(pageSize ? { pageSize } : {}) },
  );
  return startWorker({
    now: services.now,
    // The local card page's notifications a crash left undelivered go first (docs/decisions/019).
    onStart: () => dueLocalPaymentsNow(services.database.db),
    ...workerOptions,
    leaseMs,
    database: services.database,
    handlers: { ...shopHandlers, ...handlers },
  });
}
