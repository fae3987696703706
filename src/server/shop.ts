import cluster from 'node:cluster';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DatabaseLockedError } from './db/data-lock';
import { redactUrl } from './env';
import { resolveSecret } from './modules/auth/auth';
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

/**
 * One process: the HTTP server, and the background worker unless WORKER=off. In a cluster
 * (API_PROCESSES > 1, decision 016) this is one of the API processes: the primary migrated and
 * seeded the database and runs the worker, so this one only answers HTTP.
 */
async function startApi(config: Config): Promise<void> {
  const inCluster = cluster.isWorker;
  const log = createLogger(config);
  const services = await createServices(config, {
    log: log.child({ component: 'printer' }),
    ...(inCluster ? { seed: false } : {}),
  });
  const { database, illustrator, printer } = services;
  const app = await buildApp({ ...services, logger: log });
  if (!inCluster) {
    illustrator.kind === 'local' ||
      app.log.info({ illustrator: illustrator.kind }, 'photos go to a hosted image model');
    printer.kind === 'local' ||
      app.log.info({ printer: printer.kind, api: config.printer.lulu?.apiUrl }, 'books are printed by Lulu');
  }
  // The background worker runs in the server process unless WORKER=off (then `npm run worker`
  // processes do the work; they need PostgreSQL, as PGlite belongs to one process).
  const worker =
    config.worker.enabled && !inCluster
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
  if (inCluster) {
    app.log.info('api process ready');
    return;
  }
  announceReady(app.log, config, services.outboxDir);
}

function announceReady(log: FastifyBaseLogger, config: Config, outboxDir: string | undefined): void {
  log.info(
    {
      database: config.databaseUrl
        ? redactUrl(config.databaseUrl)
        : `pglite:${path.join(config.dataDir, 'db')}`,
      apiProcesses: config.apiProcesses,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `shop ready on ${config.publicUrl}`,
  );
  if (config.mode === 'demo') {
    log.info(
      `demo shop: no real payments (${config.payments.provider === 'local' ? 'the test card page takes them' : "Stripe's test mode takes them"})${outboxDir ? `; its e-mails are in the outbox at ${config.publicUrl}${OUTBOX_PAGE} (readable from this machine)` : ''}. SHOP_MODE=live runs a real shop (README "Demo and live").`,
    );
  }
}

/** How long the primary waits for its API processes to finish their requests before it ends them. */
const STOP_GRACE_MS = 10_000;

/**
 * The primary of API_PROCESSES > 1 (node:cluster, decision 016): migrates and seeds once, starts
 * the API processes on the shared port, runs the background worker itself (WORKER=on), replaces an
 * API process that dies, and on SIGTERM or SIGINT stops them all before it exits.
 */
async function startPrimary(config: Config): Promise<void> {
  const log = createLogger(config);
  const services = await createServices(config, { log: log.child({ component: 'printer' }) });
  const { database } = services;
  // Every API process must sign and read sessions with one secret (AUTH_SECRET or DATA_DIR's).
  const env = { AUTH_SECRET: resolveSecret(config, log) };
  const worker = config.worker.enabled
    ? startShopWorker(services, { log: log.child({ component: 'worker' }), ...config.worker })
    : undefined;

  let closing = false;
  let ready = false;
  const listening = new Set<number>();
  cluster.on('listening', (child) => {
    listening.add(child.id);
    if (!ready && listening.size === config.apiProcesses) {
      ready = true;
      announceReady(log, config, services.outboxDir);
    }
  });
  cluster.on('exit', (child, code, signal) => {
    if (closing) return;
    if (!ready) {
      // An API process that cannot start (a taken port, a bad database) will not start on a retry.
      log.error({ pid: child.process.pid, code, signal }, 'an API process failed to start');
      void shutdown('startup failure', 1);
      return;
    }
    log.error({ pid: child.process.pid, code, signal }, 'an API process ended; starting another');
    cluster.fork(env);
  });

  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const children = Object.values(cluster.workers ?? {}).filter((child) => child !== undefined);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.isDead()) return resolve();
            const kill = setTimeout(() => child.process.kill('SIGKILL'), STOP_GRACE_MS);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.process.kill('SIGTERM');
          }),
      ),
    );
    await worker?.stop();
    await database.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  for (let index = 0; index < config.apiProcesses; index++) cluster.fork(env);
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.apiProcesses > 1 && cluster.isPrimary) await startPrimary(config);
  else await startApi(config);
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) {
    console.error(`The shop cannot start. ${error.message}`);
    process.exit(1);
  }
  console.error('The shop failed to start:', error);
  process.exit(1);
});
