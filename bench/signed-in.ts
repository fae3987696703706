// Signed-in reads beside a bare Fastify answering the same JSON (issues 33 and 37): the shop started
// as `npm start` starts it, on PGlite (and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a server); a parent signed in the way a browser is (sign-up through the
// auth routes, the link of the verification e-mail from the outbox, its cookies), on PostgreSQL with
// a page of approved books and one more (checked in My Books' answer) and an order of the first,
// placed through the checkout's route; autocannon in a process of its own at 20 connections on
// `/api/profile`, `/api/profile/books` and (PostgreSQL) the order's `/api/orders/{id}`, alternating shop
// and bare runs, medians; the shop's CPU per request from /proc of its whole process tree.
// Then the app pages themselves under Lighthouse, the session in the browser's cookie jar, each
// beside the static page and checked to be the page asked for (bench/signed-in-pages.ts; it throws,
// and this script exits non-zero, when a page measured is another). BENCH_SIGNED_IN_PAGES=off skips
// them, BENCH_DRIVERS=none the reads.
// `npx tsx bench/signed-in.ts` prints one JSON line; `run()` answers it for bench/run.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { fromPool } from '../src/server/db/client';
import { PROFILE_PAGE_SIZE } from '../src/shared/constants';
import { approvedBooksOf, ORDER_BODY } from './approved-books';
import { cpuMs, freePort, load, median, stop, waitFor } from './load';
import { serverArgs } from './server-command';
import { measureSignedInPages } from './signed-in-pages';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUTES = ['/api/profile', '/api/profile/books'];
const PASSWORD = 'bench-signed-in-lantern-42';

/** Signs a parent up and in as a browser does: the verification link of the outbox's e-mail. */
export async function signInLikeABrowser(
  origin: string,
  outboxDir: string,
  email = `bench-${randomBytes(4).toString('hex')}@example.com`,
): Promise<string> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', callbackURL: '/' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  let link: string | undefined;
  for (let tries = 0; tries < 100 && !link; tries++) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.json'))) {
      const entry = JSON.parse(await fs.readFile(path.join(outboxDir, file), 'utf8')) as {
        to: string;
        text: string;
      };
      if (entry.to === email) link = /https?:\/\/\S*verify-email\S*/.exec(entry.text)?.[0];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`no verification e-mail to ${email} in ${outboxDir}`);
  // The link names the shop's public address; the bench reaches it on its own port.
  const url = new URL(link);
  const verify = await fetch(`${origin}${url.pathname}${url.search}`, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  if (!cookie.includes('session_token=')) throw new Error(`the verification link answered ${verify.status}`);
  return cookie;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One shop start on a driver: the signed-in routes beside the bare server's same JSON. */
async function measure(driver: 'pglite' | 'postgres', serverUrl?: string) {
  const cleanups: (() => Promise<void>)[] = [];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-signed-in-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      CLIENT_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      API_PROCESSES: '1',
      WORKER: 'off',
    };
    if (driver === 'postgres') {
      const name = `bench_signed_in_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      env.DATABASE_URL = withDatabase(serverUrl!, name);
    }
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    env.PORT = String(port);
    env.PUBLIC_URL = origin;
    const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const shop: ChildProcess = spawn(process.execPath, [...nodeArgs, ...serverArgs('main')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.unshift(() => stop(shop));
    await waitFor(`${origin}/api/health`, shop);
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const cookie = await signInLikeABrowser(origin, path.join(dataDir, 'outbox'), email);
    // On PostgreSQL the parent has a page of approved books and more after it, so My Books answers
    // what a parent's first visit reads (PGlite's folder is the shop's own while it runs: none there).
    const bookCount = driver === 'postgres' ? PROFILE_PAGE_SIZE.default + 1 : 0;
    const bookIds: string[] = [];
    if (bookCount > 0) {
      const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 });
      try {
        bookIds.push(...(await approvedBooksOf(fromPool(pool, () => {}).db, email, bookCount)));
      } finally {
        await pool.end();
      }
    }
    // An order of one of them, placed as the checkout places it: its page is a signed-in read too.
    const routes = [...ROUTES];
    if (bookIds[0]) {
      const placed = await fetch(`${origin}/api/checkout/${bookIds[0]}/order`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: ORDER_BODY,
      });
      const order = (await placed.json()) as { id?: string };
      if (!placed.ok || !order.id) throw new Error(`the order answered ${placed.status}`);
      routes.push(`/api/orders/${order.id}`);
    }

    // The reference: a bare Fastify in a process of its own answering the same bytes.
    const answers: Record<string, unknown> = {};
    for (const route of routes) {
      const response = await fetch(`${origin}${route}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${route} answered ${response.status} when signed in`);
      answers[route] = await response.json();
    }
    const listed = (answers['/api/profile/books'] as { books: unknown[] }).books.length;
    if (listed !== Math.min(bookCount, PROFILE_PAGE_SIZE.default))
      throw new Error(`My Books listed ${listed} books of the ${bookCount} written for the parent`);
    const answersFile = path.join(dataDir, 'answers.json');
    await fs.writeFile(answersFile, JSON.stringify(answers));
    const barePort = await freePort();
    const bare = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--bare', answersFile], {
      env: { ...process.env, PORT: String(barePort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.unshift(() => stop(bare));
    await waitFor(`http://127.0.0.1:${barePort}${routes[0]}`, bare);

    const figures: Record<string, unknown> = {};
    for (const route of routes) {
      const shopRuns: Awaited<ReturnType<typeof load>>[] = [];
      const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
      const cpuPerRequest: number[] = [];
      // Warm-up of both, then alternating runs (which goes first alternates too).
      await load({
        url: `${origin}${route}`,
        connections: CONNECTIONS,
        durationSeconds: 1,
        headers: { cookie },
      });
      await load({
        url: `http://127.0.0.1:${barePort}${route}`,
        connections: CONNECTIONS,
        durationSeconds: 1,
      });
      for (let round = 0; round < ROUNDS; round++) {
        const runShop = async () => {
          const before = await cpuMs(shop.pid!);
          const result = await load({
            url: `${origin}${route}`,
            connections: CONNECTIONS,
            durationSeconds: DURATION_SECONDS,
            headers: { cookie },
          });
          const used = (await cpuMs(shop.pid!)) - before;
          cpuPerRequest.push(Math.round((used / Math.max(1, result.requestsSent)) * 100) / 100);
          shopRuns.push(result);
        };
        const runBare = async () =>
          bareRuns.push(
            await load({
              url: `http://127.0.0.1:${barePort}${route}`,
              connections: CONNECTIONS,
              durationSeconds: DURATION_SECONDS,
            }),
          );
        if (round % 2) {
          await runBare();
          await runShop();
        } else {
          await runShop();
          await runBare();
        }
      }
      const shopRate = median(shopRuns.map((r) => r.requestsPerSecond));
      const bareRate = median(bareRuns.map((r) => r.requestsPerSecond));
      figures[route] = {
        shop: {
          requestsPerSecond: shopRate,
          latencyP50Ms: median(shopRuns.map((r) => r.latencyP50Ms)),
          latencyP99Ms: median(shopRuns.map((r) => r.latencyP99Ms)),
          cpuMsPerRequest: median(cpuPerRequest),
          errors: shopRuns.reduce((sum, r) => sum + r.errors, 0),
        },
        bareFastify: {
          requestsPerSecond: bareRate,
          latencyP50Ms: median(bareRuns.map((r) => r.latencyP50Ms)),
          latencyP99Ms: median(bareRuns.map((r) => r.latencyP99Ms)),
        },
        ofBareFastify: Math.round((shopRate / Math.max(1, bareRate)) * 100) / 100,
        bytes: Buffer.byteLength(JSON.stringify(answers[route])),
        ...(route === '/api/profile/books' ? { books: listed } : {}),
      };
    }
    return figures;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

/** The figures on PGlite and, when a PostgreSQL server is named, on PostgreSQL. */
export async function run(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {
    setup: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      rounds: ROUNDS,
      cores: os.availableParallelism(),
      loadAverage: os.loadavg().map((value) => Math.round(value * 10) / 10),
      goal: { ofBareFastify: 0.3 },
    },
  };
  const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
  if (drivers.includes('pglite')) result.pglite = await measure('pglite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && drivers.includes('postgres')) {
    try {
      result.postgres = await measure('postgres', url);
    } catch (error) {
      result.postgres = { skipped: (error as Error).message };
    }
  }
  if (process.env.BENCH_SIGNED_IN_PAGES !== 'off') result.pages = await measureSignedInPages();
  (result.setup as Record<string, unknown>).loadAverageAfter = os
    .loadavg()
    .map((value) => Math.round(value * 10) / 10);
  return result;
}

if (process.argv[2] === '--bare') {
  const answers = JSON.parse(await fs.readFile(process.argv[3]!, 'utf8')) as Record<string, unknown>;
  const app = Fastify({ logger: false });
  for (const [route, body] of Object.entries(answers)) app.get(route, async () => body);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await run()));
  process.exit(0);
}
