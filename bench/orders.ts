// Order creation under load (issue 19), on PostgreSQL, with the shop started as `npm start` starts it
// (src/server/main.ts) with 1 and with 2 API processes, and autocannon in a process of its own:
// - closed loop: 200 connections PUT /api/checkout/{id}/order, each request a new draft book, so
//   every request creates an order with its items and customer;
// - open loop: a fixed arrival rate of 100 orders/s, evenly spaced (our own loop in the load process,
//   each request timed from when it was due), where p99 is read; and the same rate with autocannon's
//   `overallRate`, which sends each second's 100 requests at once (a burst every second);
// - the shop's GET /api/health and a bare Fastify route answering the same JSON (bench/bare-server.ts),
//   loaded the same way in the same round, as the reference.
// The rounds alternate 1 and 2 processes; the medians are printed last as one JSON line.
// `npx tsx bench/orders.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL names the server; each shop
// start gets a database of its own, dropped afterwards). `run()` is the same for bench/run.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromPool } from '../src/server/db/client';
import { orders } from '../src/server/db/schema';
import { approvedBooksOf, ORDER_BODY } from './approved-books';
import { cpuMs, freePort, inChildProcess, waitFor } from './load';
import { serverArgs } from './server-command';
import { signInLikeABrowser } from './signed-in';

const CONNECTIONS = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 200);
const OPEN_LOOP_RATE = Number(process.env.BENCH_ORDER_RATE ?? 100);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROCESS_COUNTS = (process.env.BENCH_API_PROCESSES ?? '1,2').split(',').map(Number);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** What the load process is asked to do (written to a file it reads). */
type LoadSpec = {
  url: string;
  connections: number;
  durationSeconds: number;
  overallRate?: number;
  /**
   * Requests evenly spaced at this many per second, each timed from the moment it was due (our
   * own loop: autocannon's `overallRate` sends each second's requests at once, in a burst).
   */
  evenRate?: number;
  /** PUT an order for each of these drafts in turn; without it, GET `url`. */
  order?: { origin: string; cookie: string; ids: string[] };
};

type Figures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requestsSent: number;
  /** How many answers had each HTTP status (autocannon's loads). */
  statusCodes?: Record<string, number>;
};

/** An open loop with evenly spaced arrivals, on keep-alive connections; latency from the due time. */
async function evenLoad(spec: LoadSpec & { evenRate: number }): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(spec.url);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const order = spec.order;
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: order ? 'PUT' : 'GET',
          path: order ? `/api/checkout/${order.ids[next++ % order.ids.length]}/order` : url.pathname,
          headers: order
            ? { cookie: order.cookie, origin: order.origin, 'content-type': 'application/json' }
            : {},
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) >= 300) non2xx += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(order ? ORDER_BODY : undefined);
    });
  const interval = 1000 / spec.evenRate;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let index = 0; start + index * interval < start + spec.durationSeconds * 1000; index++) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(due));
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return {
    requestsPerSecond: Math.round(latencies.length / spec.durationSeconds),
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    errors: errors + non2xx,
    timeouts: 0,
    non2xx,
    requestsSent: sent.length,
  };
}

/** The load process: autocannon (or the even open loop) alone, one JSON line of figures on stdout. */
async function loadMain(specFile: string): Promise<void> {
  const spec = JSON.parse(await fs.readFile(specFile, 'utf8')) as LoadSpec;
  if (spec.evenRate) {
    console.log(JSON.stringify(await evenLoad({ ...spec, evenRate: spec.evenRate })));
    return;
  }
  let next = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    ...(spec.order
      ? {
          requests: [
            {
              method: 'PUT',
              headers: {
                cookie: spec.order.cookie,
                origin: spec.order.origin,
                'content-type': 'application/json',
              },
              body: ORDER_BODY,
              setupRequest: (request) => {
                const ids = spec.order!.ids;
                return { ...request, path: `/api/checkout/${ids[next++ % ids.length]}/order` };
              },
            },
          ],
        }
      : {}),
  });
  const figures: Figures = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    // autocannon counts a request that got no answer within 10 s both as an error and as a timeout.
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requestsSent: result.requests.sent,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
    ),
  };
  console.log(JSON.stringify(figures));
}

/** Runs autocannon in a child process, so it does not share the shop's event loop. */
function load(spec: LoadSpec): Promise<Figures> {
  return inChildProcess<Figures>(import.meta.filename, spec);
}

/** The shops and servers started, so an interrupted bench stops them too. */
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(1);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One shop start: its own database, N API processes; closed loop, open loop, health. */
async function measureShop(apiProcesses: number, drafts: number) {
  const name = `bench_orders_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(PG_URL, name);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-orders-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // BENCH_SHOP_NODE_ARGS: extra node flags for the shop, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const shop = spawn(process.execPath, [...nodeArgs, ...serverArgs('main')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      API_PROCESSES: String(apiProcesses),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      AUTH_SIGN_INS_PER_MINUTE: '100000',
      AUTH_EMAILS_PER_MINUTE: '100000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(shop);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await waitFor(`${origin}/api/health`, shop);
    const json = { origin, 'content-type': 'application/json' };
    const email = 'bench@example.com';
    // Signed up and in as a browser is: the sign-up route, then the link of the verification
    // e-mail (from the outbox), whose answer sets the session token and its signed copy.
    const cookie = await signInLikeABrowser(origin, path.join(dataDir, 'outbox'), email);
    const { db } = fromPool(pool, () => {});

    // One approved book per request, so each request creates an order.
    const ids = await approvedBooksOf(db, email, drafts);
    // Thousands of books written at once leave dead rows and stale statistics a shop's day does not
    // have: cleaned up before measuring, so autovacuum does not run during the rounds.
    await db.execute(sql`vacuum analyze`);
    const ordersNow = async () =>
      ((await db.select({ count: sql<number>`count(*)::int` }).from(orders)) as [{ count: number }])[0].count;

    // Warm-up: the first orders compile the routes' code paths in every process.
    const warmUp = ids.splice(0, 400);
    const warmed = await load({
      url: origin,
      connections: 20,
      durationSeconds: 2,
      order: { origin, cookie, ids: warmUp },
    });
    if ((await ordersNow()) === 0) {
      const probe = await fetch(`${origin}/api/checkout/${ids.shift()}/order`, {
        method: 'PUT',
        headers: { ...json, cookie },
        body: ORDER_BODY,
      });
      throw new Error(
        `the warm-up made no order (${JSON.stringify(warmed)}); one more: ${probe.status} ${await probe.text()}`,
      );
    }
    const closedIds = ids.splice(0, Math.floor(ids.length * 0.75));
    const before = await ordersNow();
    const cpuBefore = await cpuMs(shop.pid!);
    const closed = await load({
      url: origin,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      order: { origin, cookie, ids: closedIds },
    });
    const closedOrders = (await ordersNow()) - before;
    // The shop's CPU per order in the closed loop (the primary and every API process).
    const cpuMsPerOrder =
      Math.round((((await cpuMs(shop.pid!)) - cpuBefore) / Math.max(1, closedOrders)) * 10) / 10;
    const open = await load({
      url: origin,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      overallRate: OPEN_LOOP_RATE,
      order: { origin, cookie, ids },
    });
    const openEven = await load({
      url: origin,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      evenRate: OPEN_LOOP_RATE,
      order: { origin, cookie, ids: ids.slice(Math.floor(ids.length / 2)) },
    });
    const health = await load({
      url: `${origin}/api/health`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
    return {
      closed: { ...closed, ordersCreated: closedOrders, cpuMsPerOrder },
      open,
      openEven,
      health,
    };
  } finally {
    await stop(shop);
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function measureBare() {
  const port = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(bare);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, bare);
    return await load({
      url: `http://127.0.0.1:${port}/api/health`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
  } finally {
    await stop(bare);
  }
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]!
    : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 10) / 10;
};

function medians(figures: (Figures & { cpuMsPerOrder?: number })[]) {
  const cpu = figures.flatMap((f) => (f.cpuMsPerOrder === undefined ? [] : [f.cpuMsPerOrder]));
  return {
    ...(cpu.length ? { cpuMsPerOrder: median(cpu) } : {}),
    requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
    latencyP50Ms: median(figures.map((f) => f.latencyP50Ms)),
    latencyP99Ms: median(figures.map((f) => f.latencyP99Ms)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  };
}

/** Every round's figures, then the medians beside the bare Fastify reference of the same run. */
export async function run(log: (line: string) => void = (line) => console.error(line)) {
  if (!(await postgresAnswers())) return { skipped: `PostgreSQL not reachable at ${PG_URL}` };
  const loadAverageAtStart = os.loadavg().map((v) => Math.round(v * 10) / 10);
  // Enough drafts that every request of a round makes a new order (up to ~1,500 orders/s).
  const drafts = Number(process.env.BENCH_ORDER_DRAFTS ?? Math.max(4000, DURATION_SECONDS * 2000));
  const rounds: Record<string, unknown>[] = [];
  const byProcesses = new Map<number, Awaited<ReturnType<typeof measureShop>>[]>();
  const bare: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await measureBare());
    log(`orders bench round ${round + 1}: bare ${JSON.stringify(bare.at(-1))}`);
    // Alternate which count goes first, so a slow moment of the machine does not favour one.
    const counts = round % 2 ? [...PROCESS_COUNTS].reverse() : PROCESS_COUNTS;
    for (const count of counts) {
      const figures = await measureShop(count, drafts);
      byProcesses.set(count, [...(byProcesses.get(count) ?? []), figures]);
      rounds.push({ round: round + 1, apiProcesses: count, ...figures });
      log(`orders bench round ${round + 1}, ${count} API process(es): ${JSON.stringify(figures)}`);
    }
  }
  const bareMedian = medians(bare);
  const summary = Object.fromEntries(
    [...byProcesses].map(([count, figures]) => {
      const health = medians(figures.map((f) => f.health));
      return [
        `apiProcesses${count}`,
        {
          closedLoop: medians(figures.map((f) => f.closed)),
          openLoop: medians(figures.map((f) => f.openEven)),
          openLoopAutocannonOverallRate: medians(figures.map((f) => f.open)),
          health: {
            ...health,
            ofBareFastify: Math.round((health.requestsPerSecond / bareMedian.requestsPerSecond) * 100) / 100,
          },
        },
      ];
    }),
  );
  return {
    database: 'postgres',
    cores: os.availableParallelism(),
    loadAverage: { atStart: loadAverageAtStart, atEnd: os.loadavg().map((v) => Math.round(v * 10) / 10) },
    connections: CONNECTIONS,
    openLoopRate: OPEN_LOOP_RATE,
    durationSeconds: DURATION_SECONDS,
    rounds: ROUNDS,
    goal: { closedLoopRequestsPerSecond: 500, openLoopP99Ms: 50, healthOfBareFastify: 0.6 },
    bareFastifyHealth: bareMedian,
    ...summary,
    everyRound: rounds,
  };
}

if (process.argv[2] === '--load') {
  await loadMain(process.argv[3]!);
  process.exit(0);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await run()));
  process.exit(0);
}
