import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { redactUrl } from './env';
import { OUTBOX_PAGE } from './modules/dev/routes';
import { createLogger, createServices, startShopWorker } from './services';

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
  const log = createLogger(config);
  const services = await createServices(config, { log: log.child({ component: 'printer' }) });
  const { database, illustrator, printer } = services;
  const app = await buildApp({ ...services, logger: log });
  illustrator.kind === 'local' ||
    app.log.info({ illustrator: illustrator.kind }, 'photos go to a hosted image model');
  printer.kind === 'local' ||
    app.log.info({ printer: printer.kind, api: config.printer.lulu?.apiUrl }, 'books are printed by Lulu');
  // The background worker runs in the server process unless WORKER=off (then `npm run worker`
  // processes do the work; they need PostgreSQL, as PGlite belongs to one process).
  const worker = config.worker.enabled
    ? startShopWorker(services, { log: log.child({ component: 'worker' }), ...config.worker })
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
  if (config.mode === 'demo') {
    app.log.info(
      `demo shop: no real payments (${config.payments.provider === 'local' ? 'the test card page takes them' : "Stripe's test mode takes them"})${services.outboxDir ? `; its e-mails are in the outbox at ${config.publicUrl}${OUTBOX_PAGE} (readable from this machine)` : ''}. SHOP_MODE=live runs a real shop (README "Demo and live").`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('The shop failed to start:', error);
  process.exit(1);
});
