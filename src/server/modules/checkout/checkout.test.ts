import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { statementsBuiltDuring } from '../../../../test/built-statements';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { jsonCall, signedInAs } from '../../../../test/signed-in';
import type { CheckoutContext, Order } from '../../../shared/contracts/checkout';
import {
  bookInstances,
  characters,
  customers,
  jobs,
  orderItems,
  orders,
  paymentEvents,
  paymentSessions,
  productPricing,
} from '../../db/schema';
import { receiptOf } from '../orders/receipt';

let t: TestApp;
let anna: string;
let annaId: string;
let bruno: string;

beforeAll(async () => {
  t = await buildTestApp();
  anna = await signedInAs(t, 'anna.buyer@example.com');
  annaId = await userIdOf(t, 'anna.buyer@example.com');
  bruno = await signedInAs(t, 'bruno.other@example.com');
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  jsonCall(t, method, url, cookie, payload);

describe('GET /api/checkout/:bookInstanceId', () => {
  it('needs a signed-in user', async () => {
    const id = await draftBookOf(t, annaId);
    const response = await call('GET', `/api/checkout/${id}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers the book, the active prices, the tax rate and the buyer’s e-mail', async () => {
    const id = await draftBookOf(t, annaId, {
      heroCover: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    });
    const response = await call('GET', `/api/checkout/${id}`, anna);
    expect(response.statusCode).toBe(200);
    const context = response.json() as CheckoutContext;
    expect(context.bookInstance).toMatchObject({
      id,
      status: 'ready',
      childName: 'Emma',
      childGender: expect.stringMatching(/^(male|female)$/),
      toyName: 'Teddy',
      // The book's own title, as printed on it.
      title: 'Emma and the Night Guardian',
    });
    expect(context.prefill.email).toBe('anna.buyer@example.com');
    // The seeded rate table: Switzerland's 2.6 % for printed books (migration 0023), docs/spec.md's
    // 7.7 % for every other country.
    expect(context.pricing.taxRates).toEqual({
      CH: 260,
      DE: 770,
      FR: 770,
      IT: 770,
      AT: 770,
      US: 770,
      GB: 770,
      ES: 770,
    });
    expect(context.pricing.promo).toBeNull();
    expect(context.pricing.prices.map((price) => [price.productKey, price.basePrice])).toEqual(
      expect.arrayContaining([
        ['softcover_book', 2999],
        ['hardcover_book', 3999],
      ]),
    );
    expect(context.order).toBeNull();
    expect(context.coverPreview.heroCover).toBe(`/api/book-instances/${id}/cover`);
    expect(context.coverPreview.bookDisplay).toMatch(/^\/catalog\/themes\/guardian-friend\//);

    const cover = await call('GET', context.coverPreview.heroCover!, anna);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['cache-control']).toContain('private');
  });

  it('gives another user and an unknown id 404, and the cover too', async () => {
    const id = await draftBookOf(t, annaId);
    expect((await call('GET', `/api/checkout/${id}`, bruno)).statusCode).toBe(404);
    expect((await call('GET', `/api/checkout/${crypto.randomUUID()}`, anna)).statusCode).toBe(404);
    expect((await call('GET', `/api/book-instances/${id}/cover`, bruno)).statusCode).toBe(404);
    expect((await call('GET', '/api/checkout/not-an-id', anna)).statusCode).toBe(400);
  });
});

describe('PUT /api/checkout/:bookInstanceId/order', () => {
  it("builds the new order's statement once: later orders only bind their values (issue 37)", async () => {
    const first = await call(
      'PUT',
      `/api/checkout/${await draftBookOf(t, annaId)}/order`,
      anna,
      WORKED_EXAMPLE,
    );
    expect(first.statusCode).toBe(200);
    const id = await draftBookOf(t, annaId);
    const built = await statementsBuiltDuring(t.database.db, async () => {
      const response = await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE);
      expect(response.statusCode).toBe(200);
      expect((response.json() as Order).quote.total).toBe(9581);
    });
    expect(built.filter((text) => text.includes('new_order as ('))).toEqual([]);
    expect(built.filter((text) => text.includes('from "book_instances"'))).toEqual([]);
  });

  it('creates the pending order with the worked example’s amounts: total CHF 95.81', async () => {
    const id = await draftBookOf(t, annaId);
    const response = await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE);
    expect(response.statusCode).toBe(200);
    const order = response.json() as Order;
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      coverType: 'hardcover',
      grandparentCopies: { count: 2, coverType: 'softcover' },
      bookInstanceId: id,
      customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com' },
      shipping: { country: 'DE', city: 'Berlin' },
    });
    expect(order.orderNumber).toMatch(/^BK-\d+(-\d+)?$/);
    expect(order.quote).toMatchObject({ subtotal: 8197, shipping: 699, tax: 685, total: 9581 });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ totalAmount: 9581, taxAmount: 685, shippingAmount: 699, userId: annaId });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(
      items.map((item) => [item.productKey, item.itemType, item.quantity, item.unitPrice]).sort(),
    ).toEqual([
      ['grandparent_softcover_copy', 'grandparent_copy', 2, 2099],
      ['hardcover_book', 'base_book', 1, 3999],
    ]);
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'anna@example.com'));
    expect(customer?.fullName).toBe('Anna Muster');
  });

  it('ignores any amount the client sends: the server computes every price', async () => {
    const id = await draftBookOf(t, annaId);
    const tampered = {
      ...WORKED_EXAMPLE,
      total: 1,
      totalAmount: 1,
      subtotal: 1,
      prices: [{ productKey: 'hardcover_book', basePrice: 1 }],
      quote: { total: 1 },
      grandparentCopies: { ...WORKED_EXAMPLE.grandparentCopies, unitPrice: 1, discountPercentage: 99 },
    };
    const response = await call('PUT', `/api/checkout/${id}/order`, anna, tampered);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Order).quote.total).toBe(9581);
  });

  it('updates the same pending order when the buyer goes back and changes the cover', async () => {
    const id = await draftBookOf(t, annaId);
    const first = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const second = (
      await call('PUT', `/api/checkout/${id}/order`, anna, {
        ...WORKED_EXAMPLE,
        coverType: 'softcover',
        grandparentCopies: { count: 0, coverType: 'softcover' },
        shipping: { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '8001' },
      })
    ).json() as Order;
    expect(second.id).toBe(first.id);
    expect(second.orderNumber).toBe(first.orderNumber);
    // Switzerland's 2.6 %: 3498 × 2.6 % = 90.95 → 91.
    expect(second.quote.total).toBe(2999 + 499 + 91);
    expect(second.quote.taxRateBasisPoints).toBe(260);
    const rows = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(rows).toHaveLength(1);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    expect(items.map((item) => item.productKey)).toEqual(['softcover_book']);

    const context = (await call('GET', `/api/checkout/${id}`, anna)).json() as CheckoutContext;
    expect(context.order?.id).toBe(first.id);
    expect(context.order?.coverType).toBe('softcover');
  });

  it('keeps one order when two saves of one checkout arrive together', async () => {
    const id = await draftBookOf(t, annaId);
    const answers = await Promise.all([
      call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE),
      call('PUT', `/api/checkout/${id}/order`, anna, { ...WORKED_EXAMPLE, coverType: 'softcover' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a missing first name', { customer: { ...WORKED_EXAMPLE.customer, firstName: ' ' } }],
    ['a bad e-mail', { customer: { ...WORKED_EXAMPLE.customer, email: 'anna' } }],
    ['a country not shipped to', { shipping: { ...WORKED_EXAMPLE.shipping, country: 'XX' } }],
    ['four grandparent copies', { grandparentCopies: { count: 4, coverType: 'softcover' } }],
    ['an unknown cover', { coverType: 'leather' }],
    ['no postal code', { shipping: { ...WORKED_EXAMPLE.shipping, postalCode: '' } }],
    ['a US address without its state', { shipping: { ...WORKED_EXAMPLE.shipping, country: 'US' } }],
    [
      'a US address with no such state',
      { shipping: { ...WORKED_EXAMPLE.shipping, country: 'US', region: 'ZZ' } },
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, change) => {
    const id = await draftBookOf(t, annaId);
    const response = await call('PUT', `/api/checkout/${id}/order`, anna, { ...WORKED_EXAMPLE, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
    expect(await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id))).toHaveLength(0);
  });

  it('keeps the state of a US address (and drops one given for another country)', async () => {
    const id = await draftBookOf(t, annaId);
    const us = {
      address: '1 Congress Ave',
      city: 'Austin',
      postalCode: '78701',
      country: 'US',
      region: 'tx',
    };
    const saved = await call('PUT', `/api/checkout/${id}/order`, anna, { ...WORKED_EXAMPLE, shipping: us });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().shipping).toEqual({ ...us, region: 'TX' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(row?.shippingAddress).toMatchObject({ region: 'TX', country: 'US' });
    const swiss = { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '8001', region: 'TX' };
    const again = await call('PUT', `/api/checkout/${id}/order`, anna, {
      ...WORKED_EXAMPLE,
      shipping: swiss,
    });
    expect(again.json().shipping).toMatchObject({ country: 'CH', region: '' });
  });

  it('refuses an abandoned draft (its photos were dropped after 30 days)', async () => {
    const id = await draftBookOf(t, annaId);
    await t.database.db.update(bookInstances).set({ status: 'abandoned' }).where(eq(bookInstances.id, id));
    const response = await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('JOB_INVALID_STATE');
    expect(await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id))).toHaveLength(0);
  });

  it('gives another user 404 for the book, and writes nothing', async () => {
    const id = await draftBookOf(t, annaId);
    const response = await call('PUT', `/api/checkout/${id}/order`, bruno, WORKED_EXAMPLE);
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id))).toHaveLength(0);
  });

  it('refuses a cover without an active price and leaves nothing half-written', async () => {
    const id = await draftBookOf(t, annaId);
    await t.database.db
      .update(productPricing)
      .set({ isActive: false })
      .where(eq(productPricing.productKey, 'hardcover_book'));
    try {
      const response = await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('PRICE_UNAVAILABLE');
      expect(await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id))).toHaveLength(0);
    } finally {
      await t.database.db
        .update(productPricing)
        .set({ isActive: true })
        .where(eq(productPricing.productKey, 'hardcover_book'));
    }
  });

  it('follows a changed price row', async () => {
    const id = await draftBookOf(t, annaId);
    await t.database.db
      .update(productPricing)
      .set({ basePrice: 4499 })
      .where(eq(productPricing.productKey, 'hardcover_book'));
    try {
      const order = (
        await call('PUT', `/api/checkout/${id}/order`, anna, {
          ...WORKED_EXAMPLE,
          grandparentCopies: { count: 0, coverType: 'softcover' },
        })
      ).json() as Order;
      expect(order.quote.subtotal).toBe(4499);
    } finally {
      await t.database.db
        .update(productPricing)
        .set({ basePrice: 3999 })
        .where(eq(productPricing.productKey, 'hardcover_book'));
    }
  });

  it('refuses to change a paid order and leaves it as it was', async () => {
    const id = await draftBookOf(t, annaId);
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    const response = await call('PUT', `/api/checkout/${id}/order`, anna, {
      ...WORKED_EXAMPLE,
      coverType: 'softcover',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ORDER_ALREADY_PAID');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ coverType: 'hardcover', totalAmount: 9581, paymentStatus: 'paid' });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(2);
  });

  it('keeps one customer per account and e-mail: the same name reuses it, another name renames it, another account never does', async () => {
    const email = 'carla.customer@example.com';
    const save = async (firstName: string, as = { cookie: anna, userId: annaId }) => {
      const id = await draftBookOf(t, as.userId);
      const customer = { ...WORKED_EXAMPLE.customer, firstName, email };
      const response = await call('PUT', `/api/checkout/${id}/order`, as.cookie, {
        ...WORKED_EXAMPLE,
        customer,
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Order).customer.email).toBe(email);
      const [row] = await t.database.db
        .select({ customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.bookInstanceId, id));
      return row!.customerId;
    };
    const first = await save('Carla');
    expect(await save('Carla')).toBe(first);
    expect(await save('Carlotta')).toBe(first);
    // Another account buying for the same address gets a row of its own; Anna's keeps its name.
    const brunoId = await userIdOf(t, 'bruno.other@example.com');
    const brunos = await save('Someone Else', { cookie: bruno, userId: brunoId });
    expect(brunos).not.toBe(first);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(rows.map((row) => [row.id, row.userId, row.fullName]).sort()).toEqual(
      [
        [first, annaId, 'Carlotta Muster'],
        [brunos, brunoId, 'Someone Else Muster'],
      ].sort(),
    );
  });

  it('saves of many books with one e-mail at once all succeed and share one customer', async () => {
    const email = 'dora.busy@example.com';
    const ids = await Promise.all(Array.from({ length: 8 }, () => draftBookOf(t, annaId)));
    const answers = await Promise.all(
      ids.map((id) =>
        call('PUT', `/api/checkout/${id}/order`, anna, {
          ...WORKED_EXAMPLE,
          customer: { ...WORKED_EXAMPLE.customer, email },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    const numbers = answers.map((answer) => (answer.json() as Order).orderNumber);
    expect(new Set(numbers).size).toBe(ids.length);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('links the draft to the customer and touches it, so retention counts from this visit', async () => {
    const id = await draftBookOf(t, annaId);
    const long = new Date('2020-01-01T00:00:00Z');
    await t.database.db.update(bookInstances).set({ updatedAt: long }).where(eq(bookInstances.id, id));
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const [instance] = await t.database.db.select().from(bookInstances).where(eq(bookInstances.id, id));
    expect(instance?.customerId).toBe(orderRow?.customerId);
    expect(instance!.updatedAt.getTime()).toBeGreaterThan(long.getTime());
  });

  it('links the buyer’s character whose photo made the book, never another user’s', async () => {
    const photo = `characters/${crypto.randomUUID()}.jpg`;
    const [brunosCharacter] = await t.database.db
      .insert(characters)
      .values({ userId: await userIdOf(t, 'bruno.other@example.com'), name: 'Emma', photoPath: photo })
      .returning({ id: characters.id });
    const [annasCharacter] = await t.database.db
      .insert(characters)
      .values({ userId: annaId, name: 'Emma', photoPath: photo })
      .returning({ id: characters.id });
    const id = await draftBookOf(t, annaId);
    const [instance] = await t.database.db.select().from(bookInstances).where(eq(bookInstances.id, id));
    await t.database.db
      .update(bookInstances)
      .set({
        wizardMetadata: {
          ...instance!.wizardMetadata,
          permanentPaths: { ...instance!.wizardMetadata.permanentPaths, childPhoto: photo },
        },
      })
      .where(eq(bookInstances.id, id));
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.characterId).toBe(annasCharacter!.id);
    expect(row?.characterId).not.toBe(brunosCharacter!.id);
  });
});

describe('orders', () => {
  it('GET /api/orders/:id answers the owner and 404 to anyone else', async () => {
    const id = await draftBookOf(t, annaId);
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const own = await call('GET', `/api/orders/${order.id}?session_id=cs_local_x`, anna);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: order.id, quote: { total: 9581 } });
    expect((await call('GET', `/api/orders/${order.id}`, bruno)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await call('POST', `/api/orders/${order.id}/payment`, bruno)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/orders/${order.id}/review`, bruno, { rating: 5, text: 'Lovely' })).statusCode,
    ).toBe(404);
  });

  it('takes one review once the order is delivered', async () => {
    const id = await draftBookOf(t, annaId);
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const early = await call('POST', `/api/orders/${order.id}/review`, anna, { rating: 5, text: 'Lovely' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('REVIEW_NOT_ALLOWED');

    await t.database.db
      .update(orders)
      .set({ status: 'delivered', paymentStatus: 'paid' })
      .where(eq(orders.id, order.id));
    expect(
      (await call('POST', `/api/orders/${order.id}/review`, anna, { rating: 0, text: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/orders/${order.id}/review`, anna, { rating: 4, text: '  ' })).statusCode,
    ).toBe(400);
    const review = await call('POST', `/api/orders/${order.id}/review`, anna, {
      rating: 5,
      text: 'Emma loves it',
    });
    expect(review.statusCode).toBe(201);
    expect(review.json()).toMatchObject({ rating: 5, text: 'Emma loves it' });
    const again = await call('POST', `/api/orders/${order.id}/review`, anna, {
      rating: 1,
      text: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REVIEW_EXISTS');
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).review).toMatchObject({
      rating: 5,
    });
  });
});

describe('paying on the local payment page', () => {
  async function orderToPay() {
    const id = await draftBookOf(t, annaId);
    const order = (await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).json() as Order;
    const payment = await call('POST', `/api/orders/${order.id}/payment`, anna);
    expect(payment.statusCode).toBe(200);
    const url = new URL(payment.json().url);
    return { id, order, path: url.pathname };
  }
  const card = (number: string) => ({ cardNumber: number, expiry: '12/39', cvc: '123', name: 'Anna Muster' });
  const submit = (path: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows the server’s lines and total, then pays with 4242…: paid, processing, the approved book’s print queued', async () => {
    const { id, order, path } = await orderToPay();
    expect(path).toMatch(/^\/pay\/cs_local_[0-9a-f]+$/);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('CHF');
    expect(page.body).toContain('95.81');
    expect(page.body).toContain(order.orderNumber);
    expect(page.body).toContain(`/checkout/${id}?payment_cancelled=true`);

    const paid = await submit(path, card('4242 4242 4242 4242'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(
      new RegExp(`/order-confirmation/${order.id}\\?session_id=cs_local_`),
    );
    const after = (await call('GET', `/api/orders/${order.id}`, anna)).json() as Order;
    expect(after).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    expect(after.paidAt).not.toBeNull();
    const [instance] = await t.database.db.select().from(bookInstances).where(eq(bookInstances.id, id));
    // Drawn and approved before paying (issue 15): only its print files are made now.
    expect(instance?.status).toBe('ready');
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `print-book:${id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      queue: 'print-book',
      state: 'queued',
      payload: { bookInstanceId: id, orderId: order.id },
    });

    // Paid: the page is closed, a second payment cannot start, the checkout sends to the order.
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('This order has been paid');
    expect((await call('POST', `/api/orders/${order.id}/payment`, anna)).statusCode).toBe(409);
    expect(((await call('GET', `/api/checkout/${id}`, anna)).json() as CheckoutContext).paidOrderId).toBe(
      order.id,
    );
    expect((await call('PUT', `/api/checkout/${id}/order`, anna, WORKED_EXAMPLE)).statusCode).toBe(409);
  });

  it('offers Card and TWINT; TWINT pays at once in the demo and the order and receipt say TWINT (issue 32)', async () => {
    const { order, path } = await orderToPay();
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<h2 class="method">Card</h2>');
    expect(page.body).toMatch(/Pay CHF\s95\.81 with TWINT/);
    const paid = await submit(path, { method: 'twint' });
    expect(paid.statusCode).toBe(303);
    const after = (await call('GET', `/api/orders/${order.id}`, anna)).json() as Order;
    expect(after).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'twint' });
    const receipt = receiptOf(after, { name: 'Cuddle Tales', address: '', vatNumber: '' }, new Date());
    expect(receipt.heading).toContain('Paid with TWINT');
  });

  it('refuses a Swiss address whose postcode is not four digits from 1000 to 9699 (issue 32)', async () => {
    const id = await draftBookOf(t, annaId);
    const wrong = await call('PUT', `/api/checkout/${id}/order`, anna, {
      ...WORKED_EXAMPLE,
      shipping: { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '10115' },
    });
    expect(wrong.statusCode).toBe(400);
    const rows = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a postcode its country does not use and keeps a British one as Royal Mail writes it (issue 36)', async () => {
    const id = await draftBookOf(t, annaId);
    for (const [country, postalCode] of [
      ['FR', '6900'],
      ['FR', '750'],
      ['DE', '1011'],
      ['ES', '60000'],
    ]) {
      const wrong = await call('PUT', `/api/checkout/${id}/order`, anna, {
        ...WORKED_EXAMPLE,
        shipping: { ...WORKED_EXAMPLE.shipping, country, postalCode },
      });
      expect(wrong.statusCode, `${country} ${postalCode}`).toBe(400);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id))).toHaveLength(0);
    const british = await call('PUT', `/api/checkout/${id}/order`, anna, {
      ...WORKED_EXAMPLE,
      shipping: { ...WORKED_EXAMPLE.shipping, country: 'GB', postalCode: 'sw1a1aa' },
    });
    expect(british.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(row?.shippingAddress?.postalCode).toBe('SW1A 1AA');
  });

  it('records a card payment as card', async () => {
    const { order, path } = await orderToPay();
    await submit(path, card('4242424242424242'));
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentMethod).toBe('card');
  });

  it('fails with the declined card, then a retry pays', async () => {
    const { order, path } = await orderToPay();
    const declined = await submit(path, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(303);
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'failed',
    );

    const retry = await call('POST', `/api/orders/${order.id}/payment`, anna);
    expect(retry.statusCode).toBe(200);
    const retryPath = new URL(retry.json().url).pathname;
    expect(retryPath).not.toBe(path);
    await submit(retryPath, card('4242424242424242'));
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe('paid');
  });

  it('closes the earlier payment page when a new one is started, so one order is paid once', async () => {
    const { order, path: first } = await orderToPay();
    const again = await call('POST', `/api/orders/${order.id}/payment`, anna);
    const second = new URL(again.json().url).pathname;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).body).toContain(
      'This payment page has expired',
    );
    expect((await submit(first, card('4242424242424242'))).body).toContain('This payment page has expired');
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'pending',
    );
    expect((await submit(second, card('4242424242424242'))).statusCode).toBe(303);
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe('paid');
  });

  const openSessions = async (orderId: string) =>
    (await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId))).filter(
      (session) => session.status === 'open',
    );

  it('leaves exactly one payable page when 50 payment starts of one order arrive at once', async () => {
    const { order } = await orderToPay();
    const starts = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/orders/${order.id}/payment`, anna)),
    );
    expect(starts.map((start) => start.statusCode)).toEqual(Array(50).fill(200));
    const open = await openSessions(order.id);
    expect(open).toHaveLength(1);
    // Every other page answers that it has expired; only the open one can be paid.
    const pages = starts.map((start) => new URL(start.json().url).pathname);
    const payable = pages.filter((path) => path.endsWith(open[0]!.id));
    expect(payable.length).toBeGreaterThanOrEqual(1);
    const stale = pages.find((path) => !path.endsWith(open[0]!.id))!;
    expect((await submit(stale, card('4242424242424242'))).body).toContain('This payment page has expired');
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'pending',
    );
  });

  it('a change of the order closes its open payment page: the old amount cannot be paid', async () => {
    const { id, order, path } = await orderToPay();
    const changed = await call('PUT', `/api/checkout/${id}/order`, anna, {
      ...WORKED_EXAMPLE,
      coverType: 'softcover',
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Order).quote.total).not.toBe(order.quote.total);
    expect(await openSessions(order.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(
      'This payment page has expired',
    );
    expect((await submit(path, card('4242424242424242'))).body).toContain('This payment page has expired');
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'pending',
    );
  });

  it('takes one payment when the card form is posted 50 times at once', async () => {
    const { order, path } = await orderToPay();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => submit(path, card('4242424242424242'))),
    );
    const redirected = answers.filter((answer) => answer.statusCode === 303);
    expect(redirected).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id));
    expect(events.filter((event) => event.outcome === 'paid')).toHaveLength(1);
    expect(events.filter((event) => event.outcome === 'already_paid')).toHaveLength(0);
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe('paid');
  });

  it('marks insufficient funds as failed too', async () => {
    const { order, path } = await orderToPay();
    await submit(path, card('4000000000009995'));
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'failed',
    );
  });

  it('explains bad card input in the order’s language and changes nothing', async () => {
    const { order, path } = await orderToPay();
    const wrong = await submit(path, { cardNumber: '1234', expiry: '01/20', cvc: '1', name: '' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Please enter a valid card number.');
    expect(wrong.body).toContain('Please enter an expiry date in the future (MM/YY).');
    expect(wrong.body).toContain('Please enter the name on the card.');
    const other = await submit(path, card('5555 5555 5555 4444'));
    expect(other.body).toContain('please use one of the test cards');
    expect(((await call('GET', `/api/orders/${order.id}`, anna)).json() as Order).paymentStatus).toBe(
      'pending',
    );

    const id = await draftBookOf(t, annaId);
    const french = (
      await call('PUT', `/api/checkout/${id}/order`, anna, { ...WORKED_EXAMPLE, language: 'fr' })
    ).json() as Order;
    const frenchPath = new URL((await call('POST', `/api/orders/${french.id}/payment`, anna)).json().url)
      .pathname;
    const page = await t.app.inject({ method: 'GET', url: frenchPath });
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain('Livre d’histoire personnalisé, couverture rigide');
    expect((await submit(frenchPath, { ...card('1234'), name: '' })).body).toContain(
      'Veuillez saisir un numéro de carte valide.',
    );
  });

  it('answers 404 for an unknown payment page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pay/cs_local_nope' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment page not found');
  });

  it('closes a page past its time with an expired notification; the order stays unpaid', async () => {
    const { order, path } = await orderToPay();
    const sessionId = path.split('/').at(-1)!;
    const { paymentSessions } = await import('../../db/schema');
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentSessions.id, sessionId));
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('This payment page has expired');
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionId));
    expect(session?.status).toBe('expired');
    const stillPending = (await call('GET', `/api/orders/${order.id}`, anna)).json() as Order;
    expect(stillPending.paymentStatus).toBe('pending');
    expect((await submit(path, card('4242424242424242'))).body).toContain('This payment page has expired');
    expect((await call('POST', `/api/orders/${order.id}/payment`, anna)).statusCode).toBe(200);
  });
});

describe('the checkout test page’s lookups', () => {
  it('finds an instance by id and lists the five newest, in a demo shop', async () => {
    const id = await draftBookOf(t, annaId);
    const found = await call('GET', `/api/dev/book-instances/${id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id, status: 'ready' });
    expect((await call('GET', `/api/dev/book-instances/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const recent = (await call('GET', '/api/dev/book-instances/recent')).json() as {
      instances: { id: string }[];
    };
    expect(recent.instances.length).toBeLessThanOrEqual(5);
    expect(recent.instances[0]?.id).toBe(id);
    expect((await call('GET', '/api/dev/status')).json()).toEqual({ checkoutTest: true });
  });
  // A live shop has none of it: src/server/app.test.ts 'demo and live shops'.
});
