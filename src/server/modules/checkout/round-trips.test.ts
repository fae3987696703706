import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';

// The statements an order costs are counted on node-postgres, where each one is a round trip on a
// pooled connection; PGlite runs in this process and has neither wire nor pool to count, so this
// file runs in the server:pg project only (the checkout tests prove the behaviour on both).
describe.runIf(process.env.TEST_DB_DRIVER === 'pg')('what one order costs the database (issue 19)', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await signedInAs(t, 'counted@example.com');
    userId = await userIdOf(t, 'counted@example.com');
    // A browser holds the session token and its signed copy (renewed by any signed-in request).
    const renewed = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: token } });
    const copy = ([] as string[])
      .concat(renewed.headers['set-cookie'] ?? [])
      .map((entry) => entry.split(';')[0]!)
      .find((pair) => pair.startsWith('shop.session_data='));
    expect(copy).toBeDefined();
    cookie = `${token}; ${copy}`;
  });

  afterAll(async () => {
    await t.close();
  });

  /** The statements sent and the connections taken from the pool while `work` runs. */
  async function counted(work: () => Promise<unknown>) {
    const statements: string[] = [];
    let checkouts = 0;
    const onAcquire = () => {
      checkouts += 1;
    };
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      statements.push(
        (typeof first === 'string' ? first : first.text).trim().split(/\s+/).slice(0, 3).join(' '),
      );
      return (query as (...inner: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    t.database.pool!.on('acquire', onAcquire);
    try {
      await work();
    } finally {
      pg.Client.prototype.query = query;
      t.database.pool!.off('acquire', onAcquire);
    }
    return { statements, checkouts };
  }

  /**
   * The shop's polled lists of ended sessions and account changes (modules/auth/polled-changes.ts)
   * may be read during any request, on a connection of their own: they are not the request's cost
   * (CI runs on 2026-11-29 counted the revocations' read once in an order change and once in an
   * order's page, and failed).
   */
  const isPoll = (statement: string) =>
    statement.includes('"revoked_at"') || statement.includes('"account_key"');

  const order = (id: string, choice: object = WORKED_EXAMPLE) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/checkout/${id}/order`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(choice),
    });

  it('a new order: two statements and no transaction, none for the session', async () => {
    const id = await draftBookOf(t, userId);
    const { statements, checkouts } = await counted(async () => {
      expect((await order(id)).statusCode).toBe(200);
    });
    console.info(`new order: ${statements.length} statements, ${checkouts} checkout(s)`, statements);
    // Read the book with its order, prices, name and VAT rate; then one statement that locks the
    // book again, makes the customer and writes the order with its items (atomic on its own). The
    // polls apart.
    const polls = statements.filter(isPoll).length;
    expect(statements.length - polls).toBe(2);
    expect(statements.map((statement) => statement.toLowerCase())).not.toContain('begin');
    expect(checkouts - polls).toBeLessThanOrEqual(2);
  });

  it("an order's page: one statement for the order, the session's copy read from the cookie", async () => {
    const id = await draftBookOf(t, userId);
    const placed = await order(id);
    expect(placed.statusCode).toBe(200);
    const { statements } = await counted(async () => {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.json<{ id: string }>().id}`,
        headers: { cookie },
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject(placed.json());
    });
    console.info(`an order's page: ${statements.length} statement(s)`, statements);
    // The order with its lines, customer, review, refunds, promo code, gift copies and cast at once
    // (issue 33: seven statements one after another answered at 0.02x a bare route). The polled
    // lists may be read before it (this app reads them at every request; the shop at most every
    // 250 ms).
    expect(statements.filter((statement) => !isPoll(statement))).toHaveLength(1);
  });

  it('a change of the unpaid order also clears what the old one held', async () => {
    const id = await draftBookOf(t, userId);
    expect((await order(id)).statusCode).toBe(200);
    const { statements, checkouts } = await counted(async () => {
      expect((await order(id, { ...WORKED_EXAMPLE, coverType: 'softcover' })).statusCode).toBe(200);
    });
    console.info(`changed order: ${statements.length} statements, ${checkouts} checkout(s)`, statements);
    // The read that finds the unpaid order, then the transaction that changes it; the polls apart.
    const polls = statements.filter(isPoll).length;
    expect(checkouts - polls).toBeLessThanOrEqual(2);
    expect(statements.length - polls).toBeLessThanOrEqual(13);
  });
});
