import path from 'node:path';
import Fastify from 'fastify';
import { createLocalIllustrator } from './adapters/illustrator/local';
import { createPhotoChecker } from './adapters/illustrator/photo-check';
import { selectIllustrator } from './adapters/illustrator/select';
import type { Mailer } from './adapters/mail/index';
import { createOutboxMailer } from './adapters/mail/outbox';
import { createSmtpMailer } from './adapters/mail/smtp';
import { selectPrinter } from './adapters/printer/select';
import { selectStorage } from './adapters/storage/select';
import { loggerOptions } from './app';
import { type Config, ConfigError, loadConfig, redactUrl } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { startWorker } from './jobs/worker';

/**
 * `npm run worker`: a background worker alone, without the HTTP server, sharing the shop's queue
 * with the server and with any number of other workers. It needs PostgreSQL (DATABASE_URL): the
 * embedded PGlite database belongs to one process, so there the server's own worker does the work.
 * Every worker must see the same file storage as the server: the DATA_DIR folder (STORAGE=local) or
 * the same bucket (STORAGE=s3).
 */

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The worker cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) {
    console.error(
      'The worker cannot start: DATABASE_URL is not set. A separate worker needs PostgreSQL; on the embedded ' +
        'database the server runs its own worker (WORKER=on).',
    );
    process.exit(1);
  }
  // The server's pino set-up (levels, redaction, pretty in a terminal), without a server.
  const log = Fastify({ logger: loggerOptions(config) }).log.child({ component: 'worker' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Up to date already when the server started first; a fresh database gets its tables either way.
  await migrateDatabase(database);
  const storage = selectStorage(config.storage, path.join(config.dataDir, 'storage'));
  const mailer: Mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from);
  const photoChecker = createPhotoChecker();
  const illustrator = selectIllustrator(config.illustrator, createLocalIllustrator({ photoChecker }), {
    photoChecker,
  });
  const printer = selectPrinter(config.printer, {
    storage,
    db: database.db,
    publicUrl: config.publicUrl,
    log,
  });
  const worker = startWorker({
    database,
    storage,
    illustrator,
    printer,
    mailer,
    log,
    publicUrl: config.publicUrl,
    concurrency: config.worker.concurrency,
    pageConcurrency: config.worker.pageConcurrency,
    leaseMs: config.worker.leaseMs,
    pollMs: config.worker.pollMs,
    backoffMs: config.worker.backoffMs,
  });
  log.info({ database: redactUrl(config.databaseUrl), workerId: worker.id }, 'worker ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error);
  process.exit(1);
});
