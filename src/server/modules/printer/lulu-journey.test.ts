import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import { createLuluPrinter } from '../../adapters/printer/lulu';
import { type FakeLulu, startFakeLulu } from '../../adapters/printer/test-fakes/fake-lulu';
import { orders } from '../../db/schema';
import { registerErrorHandler } from '../../plugins/error-handler';
import { instanceKeys } from '../../storage-keys';
import { printFileRoutes } from '../print-files/routes';
import { printFileLinks } from '../print-files/signing';
import { paidBookOf, waitFor, waitForBook } from '../production/test-factory';
import { signLuluPayload } from './lulu-webhook';
import { printerRoutes } from './routes';

const CLIENT_KEY = 'journey-key';
const CLIENT_SECRET = 'journey-secret-0123456789';
const FILE_SECRET = 'journey-file-secret-0123456789abcdef';
const OPERATOR = 'olga.operator@example.com';

// A paid book made by the worker with the Lulu printer, against the local fake of Lulu's API:
// Lulu downloads the print files from the shop, then reports the job shipped through the webhook.
// The two routes run on a Fastify of their own beside the test app (app.ts registers them once
// the wiring is added), on the app's database and storage.
describe('printing with Lulu, from payment to delivery', () => {
  let t: TestApp;
  let fake: FakeLulu;
  let shopSide: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: OPERATOR } });
    fake = await startFakeLulu({ clientKey: CLIENT_KEY, clientSecret: CLIENT_SECRET });
    shopSide = Fastify({ logger: false });
    shopSide.setValidatorCompiler(validatorCompiler);
    shopSide.setSerializerCompiler(serializerCompiler);
    shopSide.decorate('storage', t.storage);
    shopSide.decorate('database', t.database);
    registerErrorHandler(shopSide);
    await shopSide.register(printFileRoutes({ secret: FILE_SECRET, now: () => new Date() }), {
      prefix: '/api/print-files',
    });
    await shopSide.register(
      printerRoutes({ webhookSecret: CLIENT_SECRET, deliveredAfterDays: 0, publicUrl: t.config.publicUrl }),
      { prefix: '/api/printer' },
    );
    const publicUrl = (await shopSide.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    t.startWorker({
      printer: createLuluPrinter({
        apiUrl: fake.url,
        clientKey: CLIENT_KEY,
        clientSecret: CLIENT_SECRET,
        contactEmail: 'print@cuddletales.ch',
        shippingLevel: 'PRIORITY_MAIL',
        storage: t.storage,
        fileLinks: printFileLinks(publicUrl, FILE_SECRET),
      }),
    });
  });

  afterAll(async () => {
    await t.close();
    await shopSide.close();
    await fake.close();
    expect(fake.unexpected).toEqual([]);
  });

  it('creates the print job, serves its files, ships with tracking and the e-mail, then delivers', async () => {
    const email = 'lulu.buyer@example.com';
    const user = { cookie: await signedInAs(t, email), id: '' };
    user.id = await userIdOf(t, email);
    const { bookInstanceId, orderId } = await paidBookOf(t, user, {
      bookType: 'coloring',
      coverType: 'softcover',
      grandparentCopies: { count: 1, coverType: 'hardcover' },
      email,
    });
    await waitForBook(t, bookInstanceId, ['fulfilled']);

    expect(fake.jobs).toHaveLength(1);
    const job = fake.jobs[0]!;
    expect(job.external_id).toBe(orderId);
    expect(
      job.line_items.map((item) => [
        item.quantity,
        (item.printable_normalization as { pod_package_id: string }).pod_package_id,
      ]),
    ).toEqual([
      // A coloring book: black and white on uncoated paper.
      [1, '0850X0850.BW.STD.PB.060UW444.MXX'],
      [1, '0850X0850.BW.STD.CW.060UW444.MXX'],
    ]);
    expect(job.shipping_address).toMatchObject({ name: 'Anna Muster', country_code: 'DE', email });
    // Lulu got the very files production stored: interior, softcover and the hardcover copy's cover.
    const stored = await Promise.all(
      (['interior.pdf', 'cover.pdf', 'cover-hardcover.pdf'] as const).map(async (file) => {
        const object = await t.storage.get('instances', instanceKeys(bookInstanceId).printFile(file));
        return createHash('md5').update(object!.data).digest('hex');
      }),
    );
    expect(fake.downloads.map((download) => download.status)).toEqual([200, 200, 200]);
    expect(fake.downloads.map((download) => download.md5).sort()).toEqual(stored.sort());
    const [printing] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(printing).toMatchObject({ status: 'printing', printJobId: String(job.id) });

    const payload = JSON.stringify({
      topic: 'PRINT_JOB_STATUS_CHANGED',
      data: {
        ...job,
        status: { name: 'SHIPPED', message: 'All line-items were shipped' },
        line_items: job.line_items.map((item) => ({
          ...item,
          tracking_id: 'TRK-42',
          tracking_urls: ['https://tracking.example/TRK-42'],
        })),
      },
    });
    const response = await shopSide.inject({
      method: 'POST',
      url: '/api/printer/webhook',
      headers: {
        'content-type': 'application/json',
        'lulu-hmac-sha256': signLuluPayload(payload, CLIENT_SECRET),
      },
      payload,
    });
    expect(response.json()).toEqual({ received: true, outcome: 'shipped' });
    const shippedMail = await waitFor(
      async () => t.mailer.sent.find((m) => m.to === email && /way/i.test(m.subject)),
      {
        what: 'the shipped e-mail',
      },
    );
    expect(shippedMail.text).toContain('TRK-42');
    expect(shippedMail.text).toContain('https://tracking.example/TRK-42');
    // LULU_DELIVERED_AFTER_DAYS=0 here: the worker runs the delivery report at once.
    const delivered = await waitFor(
      async () => {
        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        return order?.status === 'delivered' ? order : undefined;
      },
      { what: 'the order to be delivered' },
    );
    expect(delivered).toMatchObject({
      trackingNumber: 'TRK-42',
      trackingUrl: 'https://tracking.example/TRK-42',
    });
  }, 90_000);

  it('sends a gift copy to its own address as its own Lulu job, and ships it apart from the book', async () => {
    const email = 'lulu.gift@example.com';
    const user = { cookie: await signedInAs(t, email), id: '' };
    user.id = await userIdOf(t, email);
    const grandpa = {
      firstName: 'Henri',
      lastName: 'Dubois',
      address: '3 place Bellecour',
      city: 'Lyon',
      postalCode: '69002',
      country: 'FR',
    } as const;
    const { bookInstanceId, orderId } = await paidBookOf(t, user, {
      coverType: 'softcover',
      grandparentCopies: { count: 2, coverType: 'softcover' },
      copyGifts: [{ position: 2, shipTo: grandpa }],
      email,
    });
    await waitForBook(t, bookInstanceId, ['fulfilled']);
    const book = fake.jobs.find((job) => job.external_id === orderId)!;
    const gift = fake.jobs.find((job) => job.external_id === `${orderId}-copy-2`)!;
    // The book and the copy that travels with it go to the buyer; the gift to Lyon, alone.
    expect(book.line_items.map((item) => item.quantity)).toEqual([2]);
    expect(book.shipping_address).toMatchObject({ city: 'Berlin', country_code: 'DE' });
    expect(gift.line_items).toHaveLength(1);
    expect(gift.line_items[0]).toMatchObject({ external_id: `${orderId}-copy-2-copy-2`, quantity: 1 });
    expect(gift.shipping_address).toMatchObject({
      name: 'Henri Dubois',
      city: 'Lyon',
      country_code: 'FR',
      email,
    });

    const notify = (job: typeof gift, name: string, tracking?: string) => {
      const payload = JSON.stringify({
        topic: 'PRINT_JOB_STATUS_CHANGED',
        data: {
          ...job,
          status: { name, message: name },
          line_items: job.line_items.map((item) => ({
            ...item,
            ...(tracking
              ? { tracking_id: tracking, tracking_urls: [`https://tracking.example/${tracking}`] }
              : {}),
          })),
        },
      });
      return shopSide.inject({
        method: 'POST',
        url: '/api/printer/webhook',
        headers: {
          'content-type': 'application/json',
          'lulu-hmac-sha256': signLuluPayload(payload, CLIENT_SECRET),
        },
        payload,
      });
    };
    expect((await notify(gift, 'SHIPPED', 'TRK-GIFT')).json()).toEqual({
      received: true,
      outcome: 'shipped',
    });
    expect((await notify(gift, 'SHIPPED', 'TRK-GIFT')).json().outcome).toBe('duplicate');
    // A report about a job the copy does not count on changes nothing.
    expect((await notify({ ...gift, id: 999_999 }, 'DELIVERED')).json().outcome).toBe('stale');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { cookie: user.cookie },
    });
    expect(view.json().copyGifts).toEqual([
      expect.objectContaining({
        position: 2,
        trackingNumber: 'TRK-GIFT',
        trackingUrl: 'https://tracking.example/TRK-GIFT',
      }),
    ]);
    // The book itself is still printing: the gift's parcel does not ship it.
    expect(view.json().status).toBe('printing');
    // LULU_DELIVERED_AFTER_DAYS=0: the copy's fallback delivery report runs at once.
    await waitFor(
      async () => {
        const again = await t.app.inject({
          method: 'GET',
          url: `/api/orders/${orderId}`,
          headers: { cookie: user.cookie },
        });
        return again.json().copyGifts[0].status === 'delivered' ? true : undefined;
      },
      { what: 'the gift copy to be delivered' },
    );
  }, 90_000);

  it('a job Lulu rejects is resubmitted by an operator as a new job, then delivered by hand', async () => {
    const email = 'lulu.rejected@example.com';
    const user = { cookie: await signedInAs(t, email), id: '' };
    user.id = await userIdOf(t, email);
    const operator = await signedInAs(t, OPERATOR);
    const { bookInstanceId, orderId } = await paidBookOf(t, user, { coverType: 'softcover', email });
    await waitForBook(t, bookInstanceId, ['fulfilled']);
    const first = fake.jobs.find((job) => job.external_id === orderId)!;
    const notify = (job: typeof first, name: string, message: string) => {
      const payload = JSON.stringify({
        topic: 'PRINT_JOB_STATUS_CHANGED',
        data: { ...job, status: { name, message } },
      });
      return shopSide.inject({
        method: 'POST',
        url: '/api/printer/webhook',
        headers: {
          'content-type': 'application/json',
          'lulu-hmac-sha256': signLuluPayload(payload, CLIENT_SECRET),
        },
        payload,
      });
    };
    // Lulu rejects the job (its own record says so) and tells the shop.
    first.status = { ...first.status, name: 'REJECTED', message: 'Interior file has the wrong trim size' };
    expect((await notify(first, 'REJECTED', 'Interior file has the wrong trim size')).json().outcome).toBe(
      'needs_attention',
    );
    const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url: `/api/admin/orders/${orderId}${url}`,
        headers: {
          cookie: operator,
          origin: t.config.publicUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    // The operator sees the book as it prints: every page, with its picture.
    const book = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/${bookInstanceId}`,
      headers: { cookie: operator },
    });
    const page = book.json().pages.find((entry: { kind: string }) => entry.kind === 'story');
    const image = await t.app.inject({
      method: 'GET',
      url: page.images[0].url,
      headers: { cookie: operator },
    });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
    const seen = (await admin('GET', '')).json();
    expect(seen.can.resubmitPrint).toBe(true);
    expect(seen.printerEvents.at(-1)).toMatchObject({
      printJobId: String(first.id),
      status: 'REJECTED',
      message: 'Interior file has the wrong trim size',
    });
    const resubmitted = await admin('POST', '/resubmit-print', { reason: 'Lulu fixed the trim size' });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    // The worker hands the same approved book to Lulu again: a second job, and the order follows it.
    const second = await waitFor(
      async () => fake.jobs.find((job) => job.external_id === orderId && job.id !== first.id),
      { what: 'the resubmitted print job' },
    );
    const order = await waitFor(
      async () => {
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        return row?.printJobId === String(second.id) ? row : undefined;
      },
      { what: 'the order to follow the new job' },
    );
    expect(order.status).toBe('printing');
    // The old job's later news changes nothing; the new one is the order's.
    expect((await notify(first, 'SHIPPED', 'late')).json().outcome).toBe('stale');
    const after = (await admin('GET', '')).json();
    expect(after.can.resubmitPrint).toBe(false);
    expect(after.audit.map((entry: { action: string }) => entry.action)).toEqual(['resubmit_print']);
    const delivered = await admin('POST', '/deliver', { reason: 'Customer confirmed by phone' });
    expect(delivered.json().order.status).toBe('delivered');
  }, 90_000);
});
