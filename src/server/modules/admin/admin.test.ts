import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminPricing,
  AdminReviewList,
} from '../../../shared/contracts/admin';
import type { Order } from '../../../shared/contracts/checkout';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../shared/domain/toy-look';
import { createLocalPaymentProvider } from '../../adapters/payments/local';
import { signPayload } from '../../adapters/payments/signature';
import {
  auditLog,
  bookInstances,
  jobs,
  orders,
  paymentRefunds,
  printerEvents,
  productPricing,
  promoCodes,
  promoRedemptions,
  taxRates,
  users,
} from '../../db/schema';
import { paidBookOf, waitFor } from '../production/test-factory';
import { setAdminRole } from './access';

const OPERATOR = 'olga.operator@example.com';
const NAMED = 'nina.named@example.com';
const BUYER = 'bruno.buyer@example.com';
const OTHER_BUYER = 'carla.customer@example.com';

let t: TestApp;
let operator: string;
let named: string;
let buyer: { id: string; cookie: string };
let otherBuyer: { id: string; cookie: string };
let first: { orderId: string; bookInstanceId: string };
let second: { orderId: string; bookInstanceId: string };
let third: { orderId: string; bookInstanceId: string };

const json = (cookie: string | undefined, body: unknown) => ({
  headers: {
    ...(cookie ? { cookie } : {}),
    'content-type': 'application/json',
    origin: t.config.publicUrl,
  },
  payload: JSON.stringify(body),
});
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url, ...json(cookie, body) });
const detail = async (orderId: string) =>
  (await get(`/api/admin/orders/${orderId}`, operator)).json() as AdminOrderDetail;

beforeAll(async () => {
  const clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-client-'));
  await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html><body>shop</body></html>');
  // The local provider announces each refund by a signed notification through the real webhook.
  const payments = createLocalPaymentProvider({
    publicUrl: 'http://localhost:3000',
    secret: TEST_WEBHOOK_SECRET,
    notify: {
      send: (rawBody, signature) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: rawBody,
        }),
      now: () => new Date(),
    },
  });
  t = await buildTestApp({ env: { ADMIN_EMAILS: `${NAMED}, unverified@example.com` }, clientDir, payments });
  operator = await signedInAs(t, OPERATOR);
  expect(await setAdminRole(t.database.db, OPERATOR.toUpperCase(), true)).toBe(true);
  named = await signedInAs(t, NAMED);
  buyer = { cookie: await signedInAs(t, BUYER), id: await userIdOf(t, BUYER) };
  otherBuyer = { cookie: await signedInAs(t, OTHER_BUYER), id: await userIdOf(t, OTHER_BUYER) };
  first = await paidBookOf(t, buyer, { draw: false, email: BUYER, childName: 'Mia' });
  second = await paidBookOf(t, buyer, { draw: false, email: BUYER, childName: 'Leo' });
  third = await paidBookOf(t, otherBuyer, { draw: false, email: OTHER_BUYER, childName: 'Ava' });
  // Nothing prints in this file: the queued print jobs are left alone (no worker runs).
  return async () => fs.rm(clientDir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('who may enter', () => {
  const routes = () => [
    ['GET', '/api/admin/me'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/orders'],
    ['GET', `/api/admin/orders/${first.orderId}`],
    ['GET', '/api/admin/outbox'],
    ['GET', `/api/admin/books/${first.bookInstanceId}`],
    ['GET', `/api/admin/books/${first.bookInstanceId}/pages/0/image?w=480`],
    ['POST', `/api/admin/orders/${first.orderId}/hold`],
    ['POST', `/api/admin/orders/${first.orderId}/release`],
    ['POST', `/api/admin/orders/${first.orderId}/notes`],
    ['POST', `/api/admin/orders/${first.orderId}/refund`],
    ['POST', `/api/admin/orders/${first.orderId}/cancel`],
    ['POST', `/api/admin/orders/${first.orderId}/ship`],
    ['POST', `/api/admin/orders/${first.orderId}/deliver`],
    ['POST', `/api/admin/orders/${first.orderId}/retry-book`],
    ['POST', `/api/admin/orders/${first.orderId}/resubmit-print`],
    ['POST', `/api/admin/orders/${first.orderId}/resend-email`],
    ['POST', `/api/admin/orders/${first.orderId}/address`],
    ['GET', '/api/admin/pricing'],
    ['POST', '/api/admin/tax-rates'],
    ['POST', '/api/admin/promo-codes'],
    ['POST', '/api/admin/promo-codes/SPRING10/end'],
    ['GET', '/api/admin/reviews'],
    ['POST', `/api/admin/reviews/${crypto.randomUUID()}/approve`],
    ['POST', `/api/admin/reviews/${crypto.randomUUID()}/hide`],
  ];

  it('answers 404 on every route to the signed out and to customers, and changes nothing', async () => {
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      ...json(undefined, { email: 'unverified@example.com', password: 'tidy-lantern-42', name: 'u' }),
    });
    expect(unverified.statusCode).toBe(200);
    for (const cookie of [undefined, buyer.cookie]) {
      for (const [method, url] of routes()) {
        const response = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: url!,
          ...json(cookie, { reason: 'try', amount: 100, requestKey: crypto.randomUUID() }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(order?.heldAt).toBeNull();
    expect(await t.database.db.select().from(auditLog)).toEqual([]);
  });

  // Issue 34, finding 3: the operator routes could be told apart from unknown ones, and listed.
  it('answers non-operators exactly as an unknown route does: same status, headers and body', async () => {
    const answer = async (method: string, url: string, cookie: string | undefined) => {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...json(cookie, { reason: 'try' }),
      });
      const { date: _date, 'content-length': _length, ...headers } = response.headers;
      return { status: response.statusCode, headers, body: response.json() };
    };
    for (const cookie of [undefined, buyer.cookie]) {
      for (const [method, url] of [
        ...routes(),
        ['GET', '/api/admin/nothing-here'],
        ['DELETE', '/api/admin/me'],
      ]) {
        const path = url!.split('?')[0]!;
        const admin = await answer(method!, url!, cookie);
        // The same request to an address that does not exist, of the same length.
        const unknownPath = path.replace('/api/admin', '/api/xyzab');
        const unknown = await answer(method!, url!.replace('/api/admin', '/api/xyzab'), cookie);
        expect(admin.status, `${method} ${url}`).toBe(unknown.status);
        expect(admin.headers, `${method} ${url}`).toEqual(unknown.headers);
        expect(admin.body).toEqual({
          error: { code: 'NOT_FOUND', message: `Route ${method} ${path} not found` },
        });
        expect(unknown.body).toEqual({
          error: { code: 'NOT_FOUND', message: `Route ${method} ${unknownPath} not found` },
        });
      }
    }
  });

  it('leaves the operator routes out of the public API description; operators read the whole one', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/json']) {
      for (const cookie of [undefined, buyer.cookie, operator]) {
        const text = (await get(url, cookie)).body;
        expect(text, url).toContain('/api/orders');
        expect(text, url).not.toMatch(/\/api\/admin|"Admin[A-Za-z]*"/);
      }
    }
    expect((await get('/api/admin/openapi.json')).statusCode).toBe(404);
    expect((await get('/api/admin/openapi.json', buyer.cookie)).statusCode).toBe(404);
    const whole = (await get('/api/admin/openapi.json', operator)).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(whole.paths).filter((path) => path.startsWith('/api/admin/')).length).toBeGreaterThan(
      20,
    );
    expect(Object.keys(whole.paths)).toContain('/api/health');
  });

  it('lets in the admin role and the verified accounts ADMIN_EMAILS names', async () => {
    expect((await get('/api/admin/me', operator)).json()).toEqual({ email: OPERATOR });
    expect((await get('/api/admin/me', named)).json()).toEqual({ email: NAMED });
  });

  it('serves the console screens to operators only; others get the 404 page', async () => {
    for (const screen of [
      '/admin',
      '/admin/orders',
      `/admin/orders/${first.orderId}`,
      '/admin/outbox',
      '/admin/pricing',
      '/admin/reviews',
    ]) {
      expect((await get(screen, operator)).statusCode, screen).toBe(200);
      expect((await get(screen, buyer.cookie)).statusCode, screen).toBe(404);
      expect((await get(screen)).statusCode, screen).toBe(404);
    }
    expect((await get('/admin/secrets', operator)).statusCode).toBe(404);
  });

  it('takes the role away at once', async () => {
    const cookie = await signedInAs(t, 'temp.operator@example.com');
    await setAdminRole(t.database.db, 'temp.operator@example.com', true);
    expect((await get('/api/admin/me', cookie)).statusCode).toBe(200);
    await setAdminRole(t.database.db, 'temp.operator@example.com', false);
    expect((await get('/api/admin/me', cookie)).statusCode).toBe(404);
    expect(await setAdminRole(t.database.db, 'nobody@example.com', true)).toBe(false);
  });
});

describe('the order list', () => {
  const list = async (query: string) => {
    const response = await get(`/api/admin/orders?${query}`, operator);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminOrderList;
  };

  it('finds orders by e-mail, order number and the start of the name, newest first', async () => {
    const byEmail = await list(`q=${encodeURIComponent(BUYER.toUpperCase())}`);
    expect(byEmail.orders.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(byEmail.orders[0]).toMatchObject({
      email: BUYER,
      name: 'Anna Muster',
      country: 'DE',
      held: false,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, third.orderId));
    const byNumber = await list(`q=${row!.orderNumber.toLowerCase()}`);
    expect(byNumber.orders.map((order) => order.id)).toEqual([third.orderId]);
    const byName = await list('q=anna');
    expect(byName.orders).toHaveLength(3);
    expect((await list('q=zzz')).orders).toEqual([]);
    // A % in the search is a character, not a wildcard.
    expect((await list('q=%25')).orders).toEqual([]);
  });

  it('filters by status, payment, country and dates', async () => {
    expect((await list('status=processing')).orders).toHaveLength(3);
    expect((await list('status=shipped')).orders).toHaveLength(0);
    expect((await list('paymentStatus=paid&country=DE')).orders).toHaveLength(3);
    expect((await list('country=CH')).orders).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).orders).toHaveLength(3);
    expect((await list('to=2020-01-01')).orders).toHaveLength(0);
    const bad = await get('/api/admin/orders?from=yesterday', operator);
    expect(bad.statusCode).toBe(400);
  });

  it('pages with a cursor: every order once, none twice', async () => {
    const page1 = await list('limit=2');
    expect(page1.orders).toHaveLength(2);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await list(`limit=2&cursor=${page1.nextCursor}`);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.orders, ...page2.orders].map((order) => order.id);
    expect(new Set(ids).size).toBe(3);
    expect(new Set(ids)).toEqual(new Set([first.orderId, second.orderId, third.orderId]));
    expect((await get('/api/admin/orders?cursor=bm9wZQ', operator)).statusCode).toBe(400);
  });
});

describe('an order and its actions', () => {
  it('shows everything about the order and the customer’s other orders', async () => {
    const order = await detail(first.orderId);
    expect(order.order.customer.email).toBe(BUYER);
    expect(order.paidAmount).toBe(order.order.quote.total);
    expect(order.paymentEvents.map((event) => event.outcome)).toEqual(['paid']);
    expect(order.jobs.map((job) => job.email ?? job.queue)).toEqual(
      expect.arrayContaining(['print-book', 'orderPaid']),
    );
    expect(order.otherOrders.map((other) => other.id)).toEqual([second.orderId]);
    expect(order.book?.approvedVersion).toBe(1);
    expect(order.can).toMatchObject({ hold: true, release: false, refund: true, cancel: true });
    expect((await get(`/api/admin/orders/${crypto.randomUUID()}`, operator)).statusCode).toBe(404);
  });

  it('holds and releases, once each, each in the audit log with who and why', async () => {
    const url = `/api/admin/orders/${first.orderId}`;
    const held = await post(`${url}/hold`, operator, { reason: 'Parent asked to check the spelling' });
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as AdminOrderDetail).held).toBe(true);
    const again = await post(`${url}/hold`, operator, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ADMIN_ACTION_NOT_ALLOWED');
    // The print job that was waiting finds the order held and is queued again on release.
    await t.database.db
      .update(jobs)
      .set({ state: 'done' })
      .where(eq(jobs.singletonKey, `print-book:${first.bookInstanceId}`));
    const released = await post(`${url}/release`, named, { reason: 'Spelling is fine' });
    expect(released.statusCode).toBe(200);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `print-book:${first.bookInstanceId}`));
    expect(job?.state).toBe('queued');
    const audit = (released.json() as AdminOrderDetail).audit;
    expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.reason])).toEqual([
      ['hold', OPERATOR, 'Parent asked to check the spelling'],
      ['release', NAMED, 'Spelling is fine'],
    ]);
    const blank = await post(`${url}/hold`, operator, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('refunds part of the payment once for a double click, recorded from the signed notification', async () => {
    const url = `/api/admin/orders/${first.orderId}/refund`;
    const request = { amount: 1000, reason: 'Late parcel', requestKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([post(url, operator, request), post(url, operator, request)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, first.orderId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1000, reason: 'operator', status: 'pending' });
    // The refund job asks the provider; the provider's notification records it.
    const worker = t.startWorker({ queues: ['refund-payment', 'send-order-email'] });
    const refunded = await waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.orderId, first.orderId));
      return row?.status === 'refunded' ? row : undefined;
    });
    expect(refunded.providerRefundId).toMatch(/^re_local_/);
    await waitFor(async () => (t.mailer.lastTo(BUYER)?.subject.includes('refunded') ? true : undefined));
    await worker.stop();
    expect(t.mailer.lastTo(BUYER)?.subject).toMatch(/We refunded CHF\s?10\.00 for order BK-/);
    // The customer sees it on their order; the order stays paid and goes ahead.
    const own = (await get(`/api/orders/${first.orderId}`, buyer.cookie)).json() as Order;
    expect(own.refundedAmount).toBe(1000);
    expect(own.paymentStatus).toBe('paid');
    const after = await detail(first.orderId);
    expect(after.refundedAmount).toBe(1000);
    expect(after.audit.filter((entry) => entry.action === 'refund')).toHaveLength(1);
    expect(after.paymentEvents.map((event) => event.outcome)).toContain('refunded');
  });

  it('refuses to refund more than is left, and refunds the rest in full', async () => {
    const url = `/api/admin/orders/${second.orderId}/refund`;
    const total = (await detail(second.orderId)).paidAmount;
    const tooMuch = await post(url, operator, {
      amount: total + 1,
      reason: 'x',
      requestKey: crypto.randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('REFUND_TOO_LARGE');
    const part = await post(url, operator, { amount: 500, reason: 'a', requestKey: crypto.randomUUID() });
    expect(part.statusCode).toBe(200);
    const rest = await post(url, operator, {
      amount: total - 500,
      reason: 'b',
      requestKey: crypto.randomUUID(),
    });
    expect(rest.statusCode).toBe(200);
    expect((rest.json() as AdminOrderDetail).can.refund).toBe(false);
    const more = await post(url, operator, { amount: 1, reason: 'c', requestKey: crypto.randomUUID() });
    expect(more.json().error.code).toBe('REFUND_TOO_LARGE');
    const worker = t.startWorker({ queues: ['refund-payment'] });
    const order = await waitFor(async () => {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, second.orderId));
      return row?.paymentStatus === 'refunded' ? row : undefined;
    });
    await worker.stop();
    expect(order.status).toBe('processing');
  });

  it('records a refund the provider could not make as failed, for the console', async () => {
    const response = await post(`/api/admin/orders/${third.orderId}/refund`, operator, {
      amount: 300,
      reason: 'Goodwill',
      requestKey: crypto.randomUUID(),
    });
    expect(response.statusCode).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, third.orderId));
    const notify = async (status: string, id = 're_provider_1') => {
      const body = JSON.stringify({
        id: `evt_refund_${status}_${id}`,
        type: 'refund.updated',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id,
            object: 'refund',
            status,
            amount: 300,
            currency: 'chf',
            failure_reason: 'expired_or_canceled_card',
            metadata: { orderId: third.orderId, refundId: refund!.id },
          },
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(body, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
        },
        payload: body,
      });
    };
    expect((await notify('pending')).json().outcome).toBe('refund_pending');
    expect((await notify('failed')).json().outcome).toBe('refund_failed');
    // Another refund id than the one recorded is not this refund.
    expect((await notify('succeeded', 're_someone_else')).json().outcome).toBe('unknown_order');
    const after = await detail(third.orderId);
    expect(after.refunds.at(-1)).toMatchObject({ status: 'failed', failure: 'expired_or_canceled_card' });
    expect(after.refundedAmount).toBe(0);
    expect((await get('/api/admin/overview', operator)).json().failedRefunds).toBe(1);
    // A failed refund does not count against what can still be refunded.
    expect(after.can.refund).toBe(true);
  });

  it('corrects the address before print, checked against the country, in the audit log (issue 36)', async () => {
    const own = await paidBookOf(t, buyer, { draw: false, email: BUYER, childName: 'Noé' });
    const url = `/api/admin/orders/${own.orderId}`;
    const before = await detail(own.orderId);
    expect(before.can.correctAddress).toBe(true);
    const lines = { address: 'Unter den Linden 5', city: 'Berlin', region: '' };
    const wrong = await post(`${url}/address`, operator, { ...lines, postalCode: '1011', reason: 'Typo' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error.code).toBe('ADMIN_ADDRESS_INVALID');
    const fixed = await post(`${url}/address`, operator, {
      ...lines,
      postalCode: '10117',
      reason: 'Parent phoned',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = fixed.json() as AdminOrderDetail;
    expect(after.order.shipping).toMatchObject({
      ...lines,
      postalCode: '10117',
      country: before.order.shipping.country,
    });
    const entry = after.audit.at(-1);
    expect(entry).toMatchObject({ action: 'correct_address', actorEmail: OPERATOR, reason: 'Parent phoned' });
    expect(JSON.stringify(entry?.details)).not.toContain('Linden');
    // The same correction twice (a double click) is one line in the log.
    const twice = await post(`${url}/address`, operator, {
      ...lines,
      postalCode: '10117',
      reason: 'Parent phoned',
    });
    expect(
      (twice.json() as AdminOrderDetail).audit.filter((e) => e.action === 'correct_address'),
    ).toHaveLength(1);
    // The buyer sees the corrected address on their order; no customer can correct it.
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${own.orderId}`,
      headers: { cookie: buyer.cookie },
    });
    expect((asBuyer.json() as Order).shipping.postalCode).toBe('10117');
    expect(
      (await post(`${url}/address`, buyer.cookie, { ...lines, postalCode: '10119', reason: 'x' })).statusCode,
    ).toBe(404);
    // Once the printer has the book, the address is the printer's.
    await t.database.db
      .update(orders)
      .set({ status: 'printing', printJobId: 'local-9' })
      .where(eq(orders.id, own.orderId));
    expect((await detail(own.orderId)).can.correctAddress).toBe(false);
    const late = await post(`${url}/address`, operator, {
      ...lines,
      postalCode: '10119',
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);
  });

  it('cancels before print, marks shipped with its tracking, then delivered', async () => {
    const url = `/api/admin/orders/${third.orderId}`;
    const early = await post(`${url}/ship`, operator, {
      trackingNumber: 'TRACK1',
      trackingUrl: 'https://parcel.example/TRACK1',
    });
    expect(early.statusCode).toBe(409);
    await t.database.db
      .update(orders)
      .set({ status: 'printing', printJobId: 'local-1' })
      .where(eq(orders.id, third.orderId));
    const badLink = await post(`${url}/ship`, operator, {
      trackingNumber: 'T',
      trackingUrl: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    const shipped = await post(`${url}/ship`, operator, {
      trackingNumber: 'TRACK1',
      trackingUrl: 'https://parcel.example/TRACK1',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((shipped.json() as AdminOrderDetail).order).toMatchObject({
      status: 'shipped',
      trackingNumber: 'TRACK1',
      trackingUrl: 'https://parcel.example/TRACK1',
    });
    const [email] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `order-email:${third.orderId}:shipped`));
    expect(email).toBeDefined();
    const delivered = await post(`${url}/deliver`, operator, { reason: 'Customer confirmed by phone' });
    expect((delivered.json() as AdminOrderDetail).order.status).toBe('delivered');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, third.orderId));
    expect(row?.deliveredAt).not.toBeNull();
    expect((await post(`${url}/cancel`, operator, { reason: 'late' })).statusCode).toBe(409);
  });

  it('resubmits a print job the printer refused, as a new job', async () => {
    const extra = await paidBookOf(t, otherBuyer, { draw: false, email: OTHER_BUYER, childName: 'Zoe' });
    await t.database.db
      .update(orders)
      .set({ status: 'printing', printJobId: 'lulu-41' })
      .where(eq(orders.id, extra.orderId));
    const url = `/api/admin/orders/${extra.orderId}`;
    expect((await detail(extra.orderId)).can.resubmitPrint).toBe(false);
    expect((await post(`${url}/resubmit-print`, operator, { reason: 'x' })).statusCode).toBe(409);
    await t.database.db.insert(printerEvents).values({
      orderId: extra.orderId,
      printJobId: 'lulu-41',
      status: 'REJECTED',
      message: 'Cover file has the wrong spine width',
    });
    const before = await detail(extra.orderId);
    expect(before.can.resubmitPrint).toBe(true);
    expect(before.printerEvents[0]?.message).toBe('Cover file has the wrong spine width');
    const overview = (await get('/api/admin/overview', operator)).json();
    expect(overview.rejectedPrintJobs).toBe(1);
    await t.database.db
      .update(jobs)
      .set({ state: 'done' })
      .where(eq(jobs.singletonKey, `print-book:${extra.bookInstanceId}`));
    const resubmitted = await post(`${url}/resubmit-print`, operator, {
      reason: 'Spine fixed by Lulu support',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as AdminOrderDetail).printJobId).toBeNull();
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `print-book:${extra.bookInstanceId}`));
    expect(job?.state).toBe('queued');
    expect((await post(`${url}/resubmit-print`, operator, { reason: 'again' })).statusCode).toBe(409);
  });

  it('adds notes, resends an e-mail, and keeps the audit log append-only', async () => {
    const url = `/api/admin/orders/${first.orderId}`;
    const note = await post(`${url}/notes`, operator, { reason: 'Grandma called about the address' });
    expect(note.statusCode).toBe(200);
    const resend = await post(`${url}/resend-email`, operator, {
      email: 'orderPaid',
      reason: 'Lost in spam',
    });
    expect(resend.statusCode).toBe(200);
    const emails = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'send-order-email'), sql`${jobs.payload}->>'orderId' = ${first.orderId}`));
    expect(emails.filter((job) => (job.payload as { email: string }).email === 'orderPaid')).toHaveLength(2);
    const notYet = await post(`${url}/resend-email`, operator, { email: 'shipped', reason: 'x' });
    expect(notYet.statusCode).toBe(409);
    await expect(t.database.db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    const audit = (await detail(first.orderId)).audit.map((entry) => entry.action);
    expect(audit).toEqual(['hold', 'release', 'refund', 'note', 'resend_email']);
  });

  it('reads any order’s book, read-only, with its pictures from the console’s own address', async () => {
    const response = await get(`/api/admin/books/${third.bookInstanceId}`, operator);
    expect(response.statusCode, response.body).toBe(200);
    const book = response.json();
    expect(book.id).toBe(third.bookInstanceId);
    expect(book.names.child).toBe('Ava');
    // The owner's reader is still the owner's alone.
    expect((await get(`/api/books/${third.bookInstanceId}`, buyer.cookie)).statusCode).toBe(404);
    expect((await get(`/api/books/${third.bookInstanceId}`, otherBuyer.cookie)).statusCode).toBe(200);
    expect((await get(`/api/admin/books/${crypto.randomUUID()}`, operator)).statusCode).toBe(404);
  });

  it('shows the queues at a glance', async () => {
    const response = await get('/api/admin/overview', operator);
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    // Three paid in beforeAll, one by the address test and one by the refused print job's test.
    expect(overview.today.orders).toBe(5);
    expect(overview.today.revenue).toBeGreaterThan(0);
    expect(overview.failedJobs).toBe(0);
  });
});

describe('roles in the database', () => {
  it('refuses a role that does not exist', async () => {
    await expect(
      t.database.db
        .update(users)
        .set({ role: 'owner' as 'admin' })
        .where(eq(users.email, BUYER)),
    ).rejects.toThrow();
  });
});

describe('prices: VAT rates and promo codes (issue 18)', () => {
  it('an operator sets a dated rate and makes and ends a code; each is in the audit log with why', async () => {
    const before = (await get('/api/admin/pricing', operator)).json() as AdminPricing;
    expect(before.taxRateOverride).toBeNull();
    // Migration 0023's Swiss rate for printed books: 2.5 % until 2023, 2.6 % since 2024; and
    // migration 0026's standard rate: 7.7 % from 2018, 8.1 % since 2024.
    expect(before.taxRates.filter((rate) => rate.country === 'CH')).toEqual([
      expect.objectContaining({ category: 'reduced', validFrom: '2024-01-01', rateBasisPoints: 260 }),
      expect.objectContaining({ category: 'reduced', validFrom: '2011-01-01', rateBasisPoints: 250 }),
      expect.objectContaining({ category: 'standard', validFrom: '2024-01-01', rateBasisPoints: 810 }),
      expect.objectContaining({ category: 'standard', validFrom: '2018-01-01', rateBasisPoints: 770 }),
    ]);

    const rate = await post('/api/admin/tax-rates', operator, {
      country: 'CH',
      validFrom: '2028-01-01',
      rateBasisPoints: 270,
      reason: 'Reduced rate for printed books after the vote, confirmed by our adviser',
    });
    expect(rate.statusCode).toBe(200);
    // Without a category the rate is the books' (reduced).
    expect(
      (rate.json() as AdminPricing).taxRates
        .filter((row) => row.country === 'CH' && row.category === 'reduced')
        .map((row) => row.validFrom),
    ).toEqual(['2028-01-01', '2024-01-01', '2011-01-01']);
    const standard = await post('/api/admin/tax-rates', operator, {
      country: 'CH',
      category: 'standard',
      validFrom: '2028-01-01',
      rateBasisPoints: 850,
      reason: 'Standard rate after the vote',
    });
    expect(
      (standard.json() as AdminPricing).taxRates
        .filter((row) => row.country === 'CH' && row.validFrom === '2028-01-01')
        .map((row) => [row.category, row.rateBasisPoints]),
    ).toEqual([
      ['reduced', 270],
      ['standard', 850],
    ]);
    const unknown = await post('/api/admin/tax-rates', operator, {
      country: 'CH',
      category: 'luxury',
      validFrom: '2028-01-01',
      rateBasisPoints: 900,
      reason: 'typo',
    });
    expect(unknown.statusCode).toBe(400);
    const refused = await post('/api/admin/tax-rates', operator, {
      country: 'CH',
      validFrom: '2028-01-01',
      rateBasisPoints: 12_000,
      reason: 'typo',
    });
    expect(refused.statusCode).toBe(400);

    const code = {
      code: 'xmas-26',
      kind: 'amount',
      value: 500,
      validFrom: '2026-12-01',
      validTo: '2026-12-24',
      maxUses: 100,
      reason: 'Christmas letter',
    };
    const made = await post('/api/admin/promo-codes', operator, code);
    expect(made.statusCode).toBe(200);
    expect((made.json() as AdminPricing).promoCodes[0]).toMatchObject({
      code: 'XMAS-26',
      kind: 'amount',
      value: 500,
      // Midnight to midnight in Zurich.
      validFrom: '2026-11-30T23:00:00.000Z',
      validTo: '2026-12-24T22:59:59.999Z',
      maxUses: 100,
      oncePerCustomer: true,
      endedAt: null,
      uses: 0,
    });
    const twice = await post('/api/admin/promo-codes', operator, { ...code, value: 9000 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PROMO_CODE_EXISTS');
    const badPercent = await post('/api/admin/promo-codes', operator, {
      ...code,
      code: 'HALF',
      kind: 'percent',
      value: 150,
    });
    expect(badPercent.statusCode).toBe(400);

    // Every order holding the code counts as a use.
    const [made26] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'XMAS-26'));
    await t.database.db.insert(promoRedemptions).values({ promoCodeId: made26!.id, orderId: first.orderId });
    expect(((await get('/api/admin/pricing', operator)).json() as AdminPricing).promoCodes[0]?.uses).toBe(1);

    const ended = await post('/api/admin/promo-codes/xmas-26/end', operator, { reason: 'Sent by mistake' });
    expect(ended.statusCode).toBe(200);
    expect((ended.json() as AdminPricing).promoCodes[0]?.endedAt).not.toBeNull();
    expect((await post('/api/admin/promo-codes/XMAS-26/end', operator, { reason: 'again' })).statusCode).toBe(
      404,
    );

    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['set_tax_rate', 'create_promo_code', 'end_promo_code']));
    expect(lines.map((line) => [line.action, line.actorEmail, line.reason])).toEqual([
      ['set_tax_rate', OPERATOR, 'Reduced rate for printed books after the vote, confirmed by our adviser'],
      ['set_tax_rate', OPERATOR, 'Standard rate after the vote'],
      ['create_promo_code', OPERATOR, 'Christmas letter'],
      ['end_promo_code', OPERATOR, 'Sent by mistake'],
    ]);
    await t.database.db.delete(taxRates).where(eq(taxRates.validFrom, '2028-01-01'));
  });

  it('an operator sets the extra child’s price, zero allowed, in the audit log; nobody else can (issue 35)', async () => {
    const before = (await get('/api/admin/pricing', operator)).json() as AdminPricing;
    expect(before.productPrices).toEqual([
      expect.objectContaining({ productKey: 'extra_child', basePrice: 900 }),
    ]);
    const free = await post('/api/admin/product-prices', operator, {
      productKey: 'extra_child',
      basePrice: 0,
      reason: 'Siblings week',
    });
    expect(free.statusCode).toBe(200);
    expect((free.json() as AdminPricing).productPrices[0]).toMatchObject({ basePrice: 0, isActive: true });
    const [active] = await t.database.db
      .select()
      .from(productPricing)
      .where(eq(productPricing.productKey, 'extra_child'));
    expect(active?.basePrice).toBe(0);
    // Only the products the console prices, with an amount in cents from zero: never the book's own price.
    for (const body of [
      { productKey: 'softcover_book', basePrice: 0, reason: 'oops' },
      { productKey: 'extra_child', basePrice: -100, reason: 'oops' },
      { productKey: 'extra_child', basePrice: 9.5, reason: 'oops' },
      { productKey: 'extra_child', basePrice: 900, reason: '' },
    ]) {
      expect((await post('/api/admin/product-prices', operator, body)).statusCode).toBe(400);
    }
    const byBuyer = await post('/api/admin/product-prices', buyer.cookie, {
      productKey: 'extra_child',
      basePrice: 1,
      reason: 'cheaper please',
    });
    expect(byBuyer.statusCode).toBeGreaterThanOrEqual(400);
    const back = await post('/api/admin/product-prices', operator, {
      productKey: 'extra_child',
      basePrice: 900,
      reason: 'Siblings week over',
    });
    expect((back.json() as AdminPricing).productPrices[0]?.basePrice).toBe(900);
    const lines = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'set_product_price'));
    expect(lines.map((line) => [line.actorEmail, line.reason, line.details])).toEqual([
      [OPERATOR, 'Siblings week', { productKey: 'extra_child', basePrice: 0, previousBasePrice: 900 }],
      [OPERATOR, 'Siblings week over', { productKey: 'extra_child', basePrice: 900, previousBasePrice: 0 }],
    ]);
  });
});

describe('parents’ reviews (issue 20)', () => {
  it('a review shows on its theme’s page only once an operator shows it, and goes when taken down', async () => {
    await t.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, second.orderId));
    const written = await post(`/api/orders/${second.orderId}/review`, buyer.cookie, {
      rating: 5,
      text: 'Leo asks for it every night.',
    });
    expect(written.statusCode).toBe(201);
    const publicReviews = async () =>
      (await get('/api/catalog/themes/guardian-friend/reviews')).json().reviews as {
        text: string;
        name: string;
      }[];
    expect(await publicReviews()).toEqual([]);

    const list = async (name: 'waiting' | 'shown') =>
      ((await get(`/api/admin/reviews?list=${name}`, operator)).json() as AdminReviewList).reviews.filter(
        (row) => row.orderId === second.orderId,
      );
    const [review] = await list('waiting');
    expect(review).toMatchObject({ rating: 5, approvedAt: null, themeId: 'guardian-friend' });
    expect(await list('shown')).toEqual([]);
    const shown = await post(`/api/admin/reviews/${review!.id}/approve`, operator, { reason: 'Read it' });
    expect(shown.statusCode).toBe(200);
    // The review as it now is; it has moved from one list to the other.
    expect(shown.json()).toMatchObject({ id: review!.id, approvedAt: expect.any(String) });
    expect(await list('waiting')).toEqual([]);
    expect((await list('shown')).map((row) => row.id)).toEqual([review!.id]);
    for (const bad of ['list=all', 'cursor=not-a-cursor'])
      expect((await get(`/api/admin/reviews?${bad}`, operator)).statusCode).toBe(400);
    const [onPage] = await publicReviews();
    expect(onPage).toMatchObject({ text: 'Leo asks for it every night.', country: 'DE' });
    // The buyer's first name and initial only.
    expect(onPage?.name).toMatch(/^\S+ \S\.$/);
    // Showing it twice is nothing to do.
    expect(
      (await post(`/api/admin/reviews/${review!.id}/approve`, operator, { reason: 'again' })).statusCode,
    ).toBe(404);

    expect(
      (await post(`/api/admin/reviews/${review!.id}/hide`, operator, { reason: 'Names a teacher' }))
        .statusCode,
    ).toBe(200);
    expect(await publicReviews()).toEqual([]);
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orderId, second.orderId),
          inArray(auditLog.action, ['approve_review', 'hide_review']),
        ),
      );
    expect(lines.map((line) => [line.action, line.reason])).toEqual([
      ['approve_review', 'Read it'],
      ['hide_review', 'Names a teacher'],
    ]);
  });
});

describe('the cast on the console’s order page (issue 35)', () => {
  it('lists every child of the book, the lead first, with age, gender and toy', async () => {
    const [row] = await t.database.db
      .select({ metadata: bookInstances.wizardMetadata })
      .from(bookInstances)
      .where(eq(bookInstances.id, first.bookInstanceId));
    const before = row!.metadata;
    // A book of one child lists the lead alone.
    expect((await detail(first.orderId)).book?.cast).toEqual([
      expect.objectContaining({ name: 'Mia', lead: true }),
    ]);
    const companions = [
      { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK },
      {
        name: 'Zoé',
        gender: 'female',
        age: 7,
        look: DEFAULT_CHILD_LOOK,
        toy: { name: 'Pip', look: DEFAULT_TOY_LOOK },
      },
    ] as const;
    await t.database.db
      .update(bookInstances)
      .set({ wizardMetadata: { ...before, companions: [...companions] } })
      .where(eq(bookInstances.id, first.bookInstanceId));
    try {
      const cast = (await detail(first.orderId)).book?.cast;
      expect(
        cast?.map((member) => [member.name, member.age, member.gender, member.toy, member.lead]),
      ).toEqual([
        ['Mia', before.childAge ?? null, before.childGender, before.toyName ?? null, true],
        ['Leo', 3, 'male', null, false],
        ['Zoé', 7, 'female', 'Pip', false],
      ]);
    } finally {
      await t.database.db
        .update(bookInstances)
        .set({ wizardMetadata: before })
        .where(eq(bookInstances.id, first.bookInstanceId));
    }
  });
});
