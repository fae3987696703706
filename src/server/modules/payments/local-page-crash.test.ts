import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { withDatabase } from '../../../../test/global-setup';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import { openDatabase } from '../../db/client';
import { jobs, orders, paymentEvents, paymentRefunds, paymentSessions } from '../../db/schema';
import { waitFor } from '../production/test-factory';

// Issue 34, finding 6: the demo card page accepted a card, then the process died before the shop
// heard of it. Here a real shop process (test/crashing-shop.ts) ends itself exactly there; the shop
// started again on the same data must learn of the payment by itself, once.

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
// The same secret before and after the restart, so the buyer's cookie outlives it.
const AUTH_SECRET = 'crash-window-test-secret-0123456789abcdef';
const CRASH_EXIT_CODE = 86;

/**
 * The shop's data as processes that follow each other share it. PGlite: a data folder, which one
 * process at a time opens (the test lets go of it while the shop process runs). PostgreSQL: the
 * test's database.
 */
type SharedData = {
  env: Record<string, string>;
  open(): Promise<TestDatabase>;
  release(database: TestDatabase): Promise<void>;
  dispose(): Promise<void>;
};

async function sharedData(): Promise<SharedData> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-crash-'));
  if (process.env.TEST_DB_DRIVER === 'pg') {
    const database = await createTestDatabase();
    const { baseUrl } = inject('pgTemplate');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(baseUrl, database.name) },
      open: async () => database,
      release: async () => {},
      dispose: async () => {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([dump]) });
  await client.close();
  return {
    env: { DATA_DIR: dataDir },
    open: async () => ({ ...(await openDatabase({ dataDir })), name: 'pglite' }),
    release: (database) => database.close(),
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The shop process that dies in the window; answers its address once it listens. */
async function startCrashingShop(
  shared: SharedData,
): Promise<{ base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/crashing-shop.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      ...shared.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) =>
      reject(new Error(`the shop process ended (${code}) before listening:\n${output}`)),
    );
  });
  return { base: `http://127.0.0.1:${port}`, exited };
}

/** A signed-in buyer with an order and its open card page, made through the shop's API. */
async function orderWithPage(t: TestApp, email: string) {
  const cookie = await signedInAs(t, email);
  const id = await draftBookOf(t, await userIdOf(t, email));
  const call = (method: 'PUT' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const order = (await call('PUT', `/api/checkout/${id}/order`, WORKED_EXAMPLE)).json() as Order;
  const page = await call('POST', `/api/orders/${order.id}/payment`);
  expect(page.statusCode).toBe(200);
  return {
    cookie,
    bookInstanceId: id,
    order,
    sessionId: new URL(page.json().url).pathname.split('/').at(-1)!,
  };
}

const CARD = new URLSearchParams({
  method: 'card',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  name: 'Anna Muster',
}).toString();

/** Pays a page in the shop process that dies in the window: the buyer's request gets no answer. */
async function payAndCrash(shared: SharedData, sessionId: string): Promise<void> {
  const shop = await startCrashingShop(shared);
  const answer = await fetch(`${shop.base}/pay/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: CARD,
    redirect: 'manual',
  }).then(
    (response) => response.status,
    () => 'no answer',
  );
  expect(answer).toBe('no answer');
  expect(await shop.exited).toBe(CRASH_EXIT_CODE);
}

/** The shop started again on the same data (the test's own process), with no worker yet. */
async function restart(shared: SharedData): Promise<TestApp> {
  const database = await shared.open();
  const t = await buildTestApp({ database, env: { AUTH_SECRET } });
  cleanups.push(async () => {
    await t.close();
    await shared.release(database);
  });
  return t;
}

async function stateOf(t: TestApp, orderId: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
  const sessions = await t.database.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId));
  const refunds = await t.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, orderId));
  return { order: order!, events, sessions, refunds };
}

const queued = (t: TestApp, queue: 'print-book' | 'send-order-email', key: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.singletonKey, key)));

describe('the local card page killed between taking a card and telling the shop', () => {
  it('is told by the shop started again: the order is paid once, with one print job and one e-mail', async () => {
    const shared = await sharedData();
    cleanups.push(() => shared.dispose());
    const before = await buildTestApp({ database: await shared.open(), env: { AUTH_SECRET } });
    const { order, sessionId, bookInstanceId } = await orderWithPage(before, 'crash.one@example.com');
    await before.close();
    await shared.release(before.database);

    await payAndCrash(shared, sessionId);

    const t = await restart(shared);
    // The card was taken (the page is closed) and the shop has not heard of it yet.
    const crashed = await stateOf(t, order.id);
    expect(crashed.sessions.find((session) => session.id === sessionId)?.status).toBe('complete');
    expect(crashed.order.paymentStatus).toBe('pending');

    t.startWorker();
    const paid = await waitFor(
      async () => {
        const state = await stateOf(t, order.id);
        return state.order.paymentStatus === 'paid' ? state : undefined;
      },
      { timeoutMs: 20_000, what: 'the restarted shop to learn of the payment' },
    );
    expect(paid.order).toMatchObject({
      paymentSessionId: sessionId,
      status: 'processing',
      paymentMethod: 'card',
    });
    expect(paid.events.map((event) => event.outcome)).toEqual(['paid']);
    expect(paid.refunds).toEqual([]);
    expect(await queued(t, 'print-book', `print-book:${bookInstanceId}`)).toHaveLength(1);
    await waitFor(
      async () => (t.mailer.sent.some((mail) => mail.subject.endsWith('is paid')) ? true : undefined),
      {
        timeoutMs: 10_000,
        what: 'the thank-you e-mail',
      },
    );
    expect(t.mailer.sent.filter((mail) => mail.subject.endsWith('is paid'))).toHaveLength(1);
    // The page says so to a buyer who opens it again.
    expect((await t.app.inject({ method: 'GET', url: `/pay/${sessionId}` })).body).toContain(
      'This order has been paid',
    );
  }, 240_000);

  it('when the buyer paid a second page first, the shop keeps one payment and refunds the other', async () => {
    const shared = await sharedData();
    cleanups.push(() => shared.dispose());
    const before = await buildTestApp({ database: await shared.open(), env: { AUTH_SECRET } });
    const { order, sessionId: first, cookie } = await orderWithPage(before, 'crash.two@example.com');
    await before.close();
    await shared.release(before.database);

    await payAndCrash(shared, first);

    // Back in the shop, the order still says "not paid": the buyer starts a new page and pays it.
    const t = await restart(shared);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
    const second = new URL(again.json().url).pathname;
    const paidSecond = await t.app.inject({
      method: 'POST',
      url: second,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: CARD,
    });
    expect(paidSecond.statusCode).toBe(303);

    t.startWorker();
    const settled = await waitFor(
      async () => {
        const state = await stateOf(t, order.id);
        return state.refunds.some((refund) => refund.status === 'refunded') ? state : undefined;
      },
      { timeoutMs: 20_000, what: 'the first page to be told and refunded' },
    );
    expect(settled.order).toMatchObject({
      paymentStatus: 'paid',
      paymentSessionId: second.split('/').at(-1),
    });
    expect(settled.events.map((event) => event.outcome).sort()).toEqual(['already_paid', 'paid']);
    expect(settled.refunds).toEqual([
      expect.objectContaining({
        paymentSessionId: first,
        reason: 'double_charge',
        amount: order.quote.total,
      }),
    ]);
  }, 240_000);
});
