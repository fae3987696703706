import { type Config, ConfigError, loadConfig } from './config';
import { redactUrl } from './env';
import { createLogger, createServices, startShopWorker } from './services';

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
  const log = createLogger(config).child({ component: 'worker' });
  // The catalogue is the server's to seed; the tables are migrated by whichever process starts first.
  const services = await createServices(config, { log, seed: false });
  const { database } = services;
  const worker = startShopWorker(services, { log, ...config.worker });
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
