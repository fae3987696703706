import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/build-test-app';
import type { OrderStatus } from '../../../shared/domain/statuses';
import type { MailMessage } from '../../adapters/mail/index';
import { queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { registerErrorHandler } from '../../plugins/error-handler';
import { signLuluPayload, verifyLuluSignature } from './lulu-webhook';
import { printerRoutes } from './routes';
import { type ShopAlertPayload, sendShopAlert } from './shop-alert';

const SECRET = 'lulu-api-secret-0123456789';
const PUBLIC_URL = 'https://shop.example.ch';

let database: TestDatabase;
let app: FastifyInstance;
const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];

// app.ts is not this module's to change: the route is tested on a Fastify of its own with the
// shop's database decoration, compilers and error handler.
beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  registerErrorHandler(app);
  await app.register(printerRoutes({ webhookSecret: SECRET, deliveredAfterDays: 7, publicUrl: PUBLIC_URL }), {
    prefix: '/api/printer',
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

let counter = 0;
/** An order handed to Lulu (print job `printJobId`), in `status`. */
async function orderAt(status: OrderStatus, printJobId: string | null = String(5000 + counter)) {
  counter += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber: `BK-${Date.now()}${counter}`,
      bookType: 'storybook',
      themeId: 'guardian-friend',
      coverType: 'hardcover',
      status,
      paymentStatus: 'paid',
      printJobId,
    })
    .returning({ id: orders.id });
  return { orderId: order!.id, printJobId };
}

/** A PRINT_JOB_STATUS_CHANGED payload as Lulu sends it (the print job as GET /print-jobs/{id}/). */
function notification(
  target: { orderId: string; printJobId: string | null },
  status: string,
  lineItems: Record<string, unknown>[] = [],
) {
  return {
    topic: 'PRINT_JOB_STATUS_CHANGED',
    data: {
      id: Number(target.printJobId ?? 1),
      external_id: target.orderId,
      status: {
        name: status,
        message: `Print-job is ${status.toLowerCase()}`,
        changed: new Date().toISOString(),
      },
      line_items: lineItems,
      shipping_level: 'PRIORITY_MAIL',
    },
  };
}

const shippedItems = [
  {
    id: 57999,
    external_id: 'x-hardcover',
    tracking_id: '1Z999AA10123456784',
    tracking_urls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    carrier_name: 'UPS',
    status: { name: 'SHIPPED', messages: { tracking_id: '1Z999AA10123456784', carrier_name: 'UPS' } },
  },
  {
    id: 58000,
    external_id: 'x-softcover',
    status: {
      name: 'SHIPPED',
      messages: {
        tracking_id: '1Z999AA10123456785',
        tracking_urls: 'https://www.ups.com/track?tracknum=1Z999AA10123456785',
      },
    },
  },
];

function deliver(body: unknown, signature?: string | null) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const header = signature === undefined ? signLuluPayload(payload, SECRET) : signature;
  return app.inject({
    method: 'POST',
    url: '/api/printer/webhook',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'lulu-hmac-sha256': header }),
    },
    payload,
  });
}

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function jobsOf(orderId: string) {
  return queryRows<{ queue: string; singleton_key: string; payload: unknown; delay_days: number }>(
    database.db,
    sql`select queue, singleton_key, payload, extract(epoch from run_after - now())::float / 86400 as delay_days
        from jobs where payload->>'orderId' = ${orderId} order by singleton_key`,
  );
}

describe('POST /api/printer/webhook', () => {
  it('ships the order with its tracking, queues the e-mail, and schedules delivery 7 days later', async () => {
    const target = await orderAt('printing');
    const response = await deliver(notification(target, 'SHIPPED', shippedItems));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'shipped' });
    expect(await orderRow(target.orderId)).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784, 1Z999AA10123456785',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const queued = await jobsOf(target.orderId);
    expect(queued.map((job) => [job.queue, job.singleton_key, job.payload])).toEqual([
      [
        'send-order-email',
        `order-email:${target.orderId}:shipped`,
        { orderId: target.orderId, email: 'shipped' },
      ],
      [
        'print-status',
        `print-status:${target.orderId}:delivered`,
        { orderId: target.orderId, update: { status: 'delivered' } },
      ],
    ]);
    expect(Number(queued[1]!.delay_days)).toBeGreaterThan(6.99);
    expect(Number(queued[1]!.delay_days)).toBeLessThanOrEqual(7);
  });

  it('applies a repeated SHIPPED once', async () => {
    const target = await orderAt('printing');
    await deliver(notification(target, 'SHIPPED', shippedItems));
    const before = { order: await orderRow(target.orderId), jobs: await jobsOf(target.orderId) };
    const again = await deliver(
      notification(target, 'SHIPPED', [{ tracking_id: 'OTHER', tracking_urls: [] }]),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const after = await orderRow(target.orderId);
    expect(after.trackingNumber).toBe(before.order.trackingNumber);
    expect(after.updatedAt).toEqual(before.order.updatedAt);
    expect((await jobsOf(target.orderId)).map((job) => job.singleton_key)).toEqual(
      before.jobs.map((job) => job.singleton_key),
    );
  });

  it('names an untracked parcel by its print job and links the order page', async () => {
    const target = await orderAt('printing');
    const response = await deliver(
      notification(target, 'SHIPPED', [{ status: { name: 'SHIPPED', messages: {} } }]),
    );
    expect(response.json().outcome).toBe('shipped');
    expect(await orderRow(target.orderId)).toMatchObject({
      trackingNumber: `Lulu ${target.printJobId}`,
      trackingUrl: `${PUBLIC_URL}/order-confirmation/${target.orderId}`,
    });
  });

  it('queues a SHIPPED that arrives before the order is marked printing', async () => {
    const target = await orderAt('processing', null);
    const response = await deliver(notification({ ...target, printJobId: '777' }, 'SHIPPED', shippedItems));
    expect(response.json().outcome).toBe('shipped_later');
    expect((await orderRow(target.orderId)).status).toBe('processing');
    const keys = (await jobsOf(target.orderId)).map((job) => job.singleton_key);
    expect(keys).toEqual([
      `print-status:${target.orderId}:delivered`,
      `print-status:${target.orderId}:shipped`,
    ]);
  });

  it('delivers the order when Lulu reports DELIVERED', async () => {
    const target = await orderAt('printing');
    await deliver(notification(target, 'SHIPPED', shippedItems));
    const response = await deliver(notification(target, 'DELIVERED', shippedItems));
    expect(response.json().outcome).toBe('delivered');
    const order = await orderRow(target.orderId);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).toBeInstanceOf(Date);
    expect((await deliver(notification(target, 'DELIVERED'))).json().outcome).toBe('duplicate');
  });

  it.each(['REJECTED', 'CANCELED', 'ERROR'])(
    'leaves the order for a person on %s, logged',
    async (status) => {
      const target = await orderAt('printing');
      const response = await deliver(notification(target, status));
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe('needs_attention');
      expect((await orderRow(target.orderId)).status).toBe('printing');
      expect(await jobsOf(target.orderId)).toEqual([]);
      expect(logLines).toContainEqual(
        expect.objectContaining({
          level: 50,
          orderId: target.orderId,
          status,
          msg: expect.stringMatching(/a person/),
        }),
      );
    },
  );

  it.each([
    ['another topic', (n: ReturnType<typeof notification>) => ({ ...n, topic: 'SOMETHING_ELSE' }), 'ignored'],
    [
      'a job of no order of ours',
      (n: ReturnType<typeof notification>) => ({ ...n, data: { ...n.data, external_id: 'demo-time' } }),
      'unknown_order',
    ],
    [
      'an unknown order id',
      (n: ReturnType<typeof notification>) => ({
        ...n,
        data: { ...n.data, external_id: crypto.randomUUID() },
      }),
      'unknown_order',
    ],
    [
      'an older job of the order',
      (n: ReturnType<typeof notification>) => ({ ...n, data: { ...n.data, id: 1 } }),
      'stale',
    ],
    [
      'a status on the way (IN_PRODUCTION)',
      (n: ReturnType<typeof notification>) => ({
        ...n,
        data: { ...n.data, status: { name: 'IN_PRODUCTION' } },
      }),
      'ignored',
    ],
    ['a body without data', () => ({ topic: 'PRINT_JOB_STATUS_CHANGED' }), 'ignored'],
  ])('answers %s with 200 and changes nothing', async (_what, change, outcome) => {
    const target = await orderAt('printing');
    const response = await deliver(change(notification(target, 'SHIPPED', shippedItems)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome });
    expect((await orderRow(target.orderId)).status).toBe('printing');
    expect(await jobsOf(target.orderId)).toEqual([]);
  });

  it('answers a signed body that is not JSON with 200 and ignores it', async () => {
    const response = await deliver('not json');
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it.each([
    ['without a signature', null],
    ['signed with another secret', 'x'],
    ['with a signature of another body', signLuluPayload('{}', SECRET)],
    ['with garbage', 'not-a-signature'],
  ])('refuses a notification %s (400) and changes nothing', async (_what, signature) => {
    const target = await orderAt('printing');
    const body = notification(target, 'SHIPPED', shippedItems);
    const header = signature === 'x' ? signLuluPayload(JSON.stringify(body), 'another-secret') : signature;
    const response = await deliver(body, header);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'WEBHOOK_SIGNATURE_INVALID', message: 'The notification signature is not valid.' },
    });
    expect((await orderRow(target.orderId)).status).toBe('printing');
    expect(await jobsOf(target.orderId)).toEqual([]);
  });

  it('accepts the signature written in base64 as well as in hex', async () => {
    const target = await orderAt('printing');
    const payload = JSON.stringify(notification(target, 'SHIPPED', shippedItems));
    const base64 = createHmac('sha256', SECRET).update(payload).digest('base64');
    const response = await deliver(payload, base64);
    expect(response.json().outcome).toBe('shipped');
  });
});

describe('verifyLuluSignature', () => {
  it('checks the HMAC-SHA256 of the exact bytes with the API secret', () => {
    const body = '{"topic":"PRINT_JOB_STATUS_CHANGED","data":{"id":1}}';
    const hex = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(verifyLuluSignature(body, hex, SECRET)).toBe(true);
    expect(verifyLuluSignature(body, hex.toUpperCase(), SECRET)).toBe(true);
    expect(verifyLuluSignature(`${body} `, hex, SECRET)).toBe(false);
    expect(verifyLuluSignature(body, hex, 'other')).toBe(false);
    expect(verifyLuluSignature(body, hex.slice(0, 63), SECRET)).toBe(false);
    expect(verifyLuluSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyLuluSignature(body, hex, '')).toBe(false);
  });
});

describe('telling the shop when Lulu will not print', () => {
  const SHOP = 'print-desk@cuddletales.example';
  let alerting: FastifyInstance;

  beforeAll(async () => {
    alerting = Fastify({ logger: false });
    alerting.setValidatorCompiler(validatorCompiler);
    alerting.setSerializerCompiler(serializerCompiler);
    alerting.decorate('database', database);
    registerErrorHandler(alerting);
    await alerting.register(
      printerRoutes({
        webhookSecret: SECRET,
        deliveredAfterDays: 7,
        publicUrl: PUBLIC_URL,
        alertEmail: SHOP,
      }),
      { prefix: '/api/printer' },
    );
    await alerting.ready();
  });

  afterAll(async () => {
    await alerting.close();
  });

  const deliverTo = (body: unknown) => {
    const payload = JSON.stringify(body);
    return alerting.inject({
      method: 'POST',
      url: '/api/printer/webhook',
      headers: { 'content-type': 'application/json', 'lulu-hmac-sha256': signLuluPayload(payload, SECRET) },
      payload,
    });
  };

  it('queues one e-mail to the shop per rejected job, and it names the order and Lulu’s message', async () => {
    const target = await orderAt('printing');
    expect((await deliverTo(notification(target, 'REJECTED'))).json().outcome).toBe('needs_attention');
    await deliverTo(notification(target, 'REJECTED'));
    const alerts = (await jobsOf(target.orderId)).filter((job) => job.queue === 'send-shop-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.payload).toEqual({
      to: SHOP,
      orderId: target.orderId,
      printJobId: target.printJobId,
      status: 'REJECTED',
      message: 'Print-job is rejected',
    });

    const sent: MailMessage[] = [];
    await sendShopAlert(
      {
        db: database.db,
        mailer: { kind: 'outbox', send: async (message) => void sent.push(message) },
        publicUrl: PUBLIC_URL,
      },
      alerts[0]!.payload as ShopAlertPayload,
    );
    const [{ orderNumber }] = (await database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, target.orderId))) as [{ orderNumber: string }];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: SHOP,
      subject: `Action needed: Lulu will not print order ${orderNumber} (REJECTED)`,
    });
    expect(sent[0]?.text).toContain('Print-job is rejected');
    expect(sent[0]?.text).toContain(`${PUBLIC_URL}/order-confirmation/${target.orderId}`);
  });
});
