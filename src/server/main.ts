import path from 'node:path';
import { createLocalIllustrator } from './adapters/illustrator/local';
import { createPhotoChecker } from './adapters/illustrator/photo-check';
import { selectIllustrator } from './adapters/illustrator/select';
import type { Mailer } from './adapters/mail/index';
import { createOutboxMailer } from './adapters/mail/outbox';
import { createSmtpMailer } from './adapters/mail/smtp';
import type { PaymentProvider } from './adapters/payments/index';
import { createLocalPaymentProvider } from './adapters/payments/local';
import { createStripeProvider } from './adapters/payments/stripe';
import { selectPrinter } from './adapters/printer/select';
import { selectStorage } from './adapters/storage/select';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, redactUrl } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { seedCatalogue } from './db/seed';
import { startWorker } from './jobs/worker';

const startedAt = performance.now();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The shop cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  const storage = selectStorage(config.storage, path.join(config.dataDir, 'storage'));

  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer: Mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(outboxDir, config.mail.from);

  const photoChecker = createPhotoChecker();
  const illustrator = selectIllustrator(config.illustrator, createLocalIllustrator({ photoChecker }), {
    photoChecker,
  });

  const payments: PaymentProvider =
    config.payments.provider === 'stripe'
      ? createStripeProvider({
          secretKey: config.payments.stripeSecretKey!,
          webhookSecret: config.payments.stripeWebhookSecret!,
          ...(config.payments.stripeApiBaseUrl ? { apiBaseUrl: config.payments.stripeApiBaseUrl } : {}),
        })
      : createLocalPaymentProvider({ publicUrl: config.publicUrl });

  const app = await buildApp({ config, database, storage, mailer, outboxDir, illustrator, payments });
  illustrator.kind === 'local' ||
    app.log.info({ illustrator: illustrator.kind }, 'photos go to a hosted image model');

  const printer = selectPrinter(config.printer, {
    storage,
    db: database.db,
    publicUrl: config.publicUrl,
    log: app.log.child({ component: 'printer' }),
  });
  printer.kind === 'local' ||
    app.log.info({ printer: printer.kind, api: config.printer.lulu?.apiUrl }, 'books are printed by Lulu');
  // The background worker runs in the server process unless WORKER=off (then `npm run worker`
  // processes do the work; they need PostgreSQL, as PGlite belongs to one process).
  const worker = config.worker.enabled
    ? startWorker({
        database,
        storage,
        illustrator,
        printer,
        mailer,
        log: app.log.child({ component: 'worker' }),
        publicUrl: config.publicUrl,
        concurrency: config.worker.concurrency,
        pageConcurrency: config.worker.pageConcurrency,
        leaseMs: config.worker.leaseMs,
        pollMs: config.worker.pollMs,
        backoffMs: config.worker.backoffMs,
      })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: config.databaseUrl
        ? redactUrl(config.databaseUrl)
        : `pglite:${path.join(config.dataDir, 'db')}`,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `shop ready on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error('The shop failed to start:', error);
  process.exit(1);
});
