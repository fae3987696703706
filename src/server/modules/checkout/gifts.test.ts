// Issue 18 on the server: express shipping, the dated VAT table and promo codes, priced by the
// server alone; a code's uses are counted under a lock and an ended code is refused before payment.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createMemoryMailer, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import { auditLog, orders, promoCodes, promoRedemptions, taxRates } from '../../db/schema';
import { extractText } from '../../print/test-pdf-text';
import { createPromoCode, endPromoCode } from '../pricing/promo-codes';
import { setTaxRate, taxRatesOn } from '../pricing/tax-rates';
import { sendOrderEmail } from '../production/emails';

let t: TestApp;
let anna: string;
let annaId: string;
let bruno: string;
let brunoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  anna = await signedInAs(t, 'anna.gifts@example.com');
  annaId = await userIdOf(t, 'anna.gifts@example.com');
  bruno = await signedInAs(t, 'bruno.gifts@example.com');
  brunoId = await userIdOf(t, 'bruno.gifts@example.com');
});

afterAll(async () => {
  await t.close();
});

const put = (cookie: string, id: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/checkout/${id}/order`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const startPayment = (cookie: string, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: { cookie } });

async function code(values: Partial<typeof promoCodes.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(promoCodes)
    .values({ kind: 'percent', value: 10, ...values })
    .returning();
  if (!row) throw new Error('no code');
  return row;
}

describe('express shipping', () => {
  it('costs 14.99 more than standard, is kept on the order and reaches the print job', async () => {
    const id = await draftBookOf(t, annaId);
    const response = await put(anna, id, { ...WORKED_EXAMPLE, shippingLevel: 'express' });
    expect(response.statusCode).toBe(200);
    const order = response.json() as Order;
    // The worked example with express to Germany: 8197 + (699 + 1499) = 10395; VAT 7.7 % = 800.
    expect(order.quote).toMatchObject({ shippingLevel: 'express', shipping: 2198, tax: 800, total: 11195 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ shippingLevel: 'express', shippingAmount: 2198, totalAmount: 11195 });
  });

  it('refuses a level the shop does not offer', async () => {
    const id = await draftBookOf(t, annaId);
    const response = await put(anna, id, { ...WORKED_EXAMPLE, shippingLevel: 'rocket' });
    expect(response.statusCode).toBe(400);
  });
});

describe('VAT as dated data', () => {
  it('prices with the newest rate of the destination that applies today, and the order keeps it', async () => {
    const db = t.database.db;
    // A rate from yesterday for Germany applies; one from next year does not yet.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    await db.insert(taxRates).values([
      { country: 'DE', validFrom: yesterday, rateBasisPoints: 1900 },
      { country: 'DE', validFrom: nextYear, rateBasisPoints: 2100 },
    ]);
    try {
      const id = await draftBookOf(t, annaId);
      const order = (await put(anna, id, WORKED_EXAMPLE)).json() as Order;
      // 8896 × 19 % = 1690.24 → 1690.
      expect(order.quote).toMatchObject({ taxRateBasisPoints: 1900, tax: 1690, total: 10586 });
      const context = (
        await t.app.inject({ method: 'GET', url: `/api/checkout/${id}`, headers: { cookie: anna } })
      ).json();
      expect(context.pricing.taxRates).toMatchObject({ DE: 1900, CH: 260, FR: 770 });
      // Switzerland still has the seeded rate for printed books (migration 0023).
      const swiss = (
        await put(anna, id, {
          ...WORKED_EXAMPLE,
          shipping: { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '8001', city: 'Zürich' },
        })
      ).json() as Order;
      expect(swiss.quote.taxRateBasisPoints).toBe(260);
    } finally {
      await db.delete(taxRates).where(eq(taxRates.rateBasisPoints, 1900));
      await db.delete(taxRates).where(eq(taxRates.rateBasisPoints, 2100));
    }
  });

  it('is seeded with the Swiss rate for printed books: 2.5 % until the last day of 2023 in Zurich, 2.6 % from 2024', async () => {
    const table = { overrideBasisPoints: undefined };
    // 23:30 on 31 December in Zurich is still 2023; half past midnight is 2024.
    const lastOf2023 = await taxRatesOn(t.database.db, table, new Date('2023-12-31T22:30:00Z'));
    const firstOf2024 = await taxRatesOn(t.database.db, table, new Date('2023-12-31T23:30:00Z'));
    expect([lastOf2023.CH, firstOf2024.CH]).toEqual([250, 260]);
    expect((await taxRatesOn(t.database.db, table, new Date('2018-06-01T12:00:00Z'))).CH).toBe(250);
  });

  it('is seeded with the Swiss standard rate too (7.7 % from 2018, 8.1 % from 2024); books stay at the reduced rate', async () => {
    const db = t.database.db;
    const swissRows = await db
      .select({ category: taxRates.category, validFrom: taxRates.validFrom, rate: taxRates.rateBasisPoints })
      .from(taxRates)
      .where(eq(taxRates.country, 'CH'))
      .orderBy(taxRates.category, taxRates.validFrom);
    expect(swissRows).toEqual([
      { category: 'reduced', validFrom: '2011-01-01', rate: 250 },
      { category: 'reduced', validFrom: '2024-01-01', rate: 260 },
      { category: 'standard', validFrom: '2018-01-01', rate: 770 },
      { category: 'standard', validFrom: '2024-01-01', rate: 810 },
    ]);
    // A newer standard rate (from yesterday) is not a book's: the quote keeps the reduced 2.6 %.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db
      .insert(taxRates)
      .values({ country: 'CH', category: 'standard', validFrom: yesterday, rateBasisPoints: 900 });
    try {
      const table = { overrideBasisPoints: undefined };
      expect((await taxRatesOn(db, table, new Date())).CH).toBe(260);
      const id = await draftBookOf(t, annaId);
      const swiss = (
        await put(anna, id, {
          ...WORKED_EXAMPLE,
          shipping: { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '8001', city: 'Zürich' },
        })
      ).json() as Order;
      expect(swiss.quote.taxRateBasisPoints).toBe(260);
    } finally {
      await db.delete(taxRates).where(eq(taxRates.rateBasisPoints, 900));
    }
  });

  it('TAX_RATE_BASIS_POINTS overrides the table for every country', async () => {
    const other = await buildTestApp({ env: { TAX_RATE_BASIS_POINTS: '810' } });
    try {
      const cookie = await signedInAs(other, 'vat.override@example.com');
      const id = await draftBookOf(other, await userIdOf(other, 'vat.override@example.com'));
      const response = await other.app.inject({
        method: 'PUT',
        url: `/api/checkout/${id}/order`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(WORKED_EXAMPLE),
      });
      // 8896 × 8.1 % = 720.58 → 721.
      expect((response.json() as Order).quote).toMatchObject({ taxRateBasisPoints: 810, tax: 721 });
    } finally {
      await other.close();
    }
  });
});

describe('promo codes', () => {
  it('takes the server’s value of a code off the books before VAT; a discount sent by the client is ignored', async () => {
    await code({ code: 'TENOFF', kind: 'percent', value: 10 });
    const id = await draftBookOf(t, annaId);
    const response = await put(anna, id, {
      ...WORKED_EXAMPLE,
      promoCode: ' tenoff ',
      discount: 8000,
      total: 1,
    });
    expect(response.statusCode).toBe(200);
    const order = response.json() as Order;
    // 8197 × 10 % = 819.7 → 820 off; (8197 − 820 + 699) × 7.7 % = 621.85 → 622; total 8698.
    expect(order.quote).toMatchObject({ promoCode: 'TENOFF', discount: 820, tax: 622, total: 8698 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ discountAmount: 820, totalAmount: 8698 });
    // The payment page asks for the discounted total only.
    const payment = await startPayment(anna, order.id);
    expect(payment.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: new URL(payment.json().url).pathname });
    expect(page.body).toContain('86.98');
    expect(page.body).toContain('TENOFF');
  });

  it('an amount off never takes more than the books cost', async () => {
    await code({ code: 'BIGGIFT', kind: 'amount', value: 50_000 });
    const id = await draftBookOf(t, annaId);
    const order = (await put(anna, id, { ...WORKED_EXAMPLE, promoCode: 'BIGGIFT' })).json() as Order;
    // Books 8197 off entirely; shipping 699 + VAT 54 remain.
    expect(order.quote).toMatchObject({ discount: 8197, shipping: 699, tax: 54, total: 753 });
  });

  it('refuses an unknown, a not-yet-valid, an expired and an ended code, each with its code', async () => {
    const day = 86_400_000;
    await code({ code: 'SOON', validFrom: new Date(Date.now() + day) });
    await code({ code: 'PAST', validTo: new Date(Date.now() - day) });
    await code({ code: 'STOPPED', endedAt: new Date(Date.now() - 1000) });
    const id = await draftBookOf(t, annaId);
    const refused = async (promoCode: string) =>
      (await put(anna, id, { ...WORKED_EXAMPLE, promoCode })).json();
    expect((await refused('NOSUCH')).error.code).toBe('PROMO_CODE_UNKNOWN');
    for (const expired of ['SOON', 'PAST', 'STOPPED']) {
      expect((await refused(expired)).error.code).toBe('PROMO_CODE_EXPIRED');
    }
    // Nothing was written for the refused codes.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.bookInstanceId, id));
    expect(row).toBeUndefined();
  });

  it('counts every order that holds a code: its last use goes to one order, and a removed code gives it back', async () => {
    await code({ code: 'ONEUSE', maxUses: 1, oncePerCustomer: false });
    const first = await draftBookOf(t, annaId);
    const second = await draftBookOf(t, brunoId);
    const [a, b] = await Promise.all([
      put(anna, first, { ...WORKED_EXAMPLE, promoCode: 'ONEUSE' }),
      put(bruno, second, { ...WORKED_EXAMPLE, promoCode: 'ONEUSE' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('PROMO_CODE_USED_UP');
    // The holder removes the code: the other buyer may now use it.
    const [holderCookie, holderBook, otherCookie, otherBook] =
      a.statusCode === 200 ? [anna, first, bruno, second] : [bruno, second, anna, first];
    expect((await put(holderCookie, holderBook, { ...WORKED_EXAMPLE, promoCode: '' })).statusCode).toBe(200);
    expect((await put(otherCookie, otherBook, { ...WORKED_EXAMPLE, promoCode: 'ONEUSE' })).statusCode).toBe(
      200,
    );
  });

  it('a code once per customer works on one order of an account, and again on that same order', async () => {
    await code({ code: 'WELCOME', oncePerCustomer: true });
    const first = await draftBookOf(t, annaId);
    const second = await draftBookOf(t, annaId);
    expect((await put(anna, first, { ...WORKED_EXAMPLE, promoCode: 'WELCOME' })).statusCode).toBe(200);
    // Saving the same order again (the buyer went back a step) keeps its use.
    expect((await put(anna, first, { ...WORKED_EXAMPLE, promoCode: 'WELCOME' })).statusCode).toBe(200);
    const again = await put(anna, second, { ...WORKED_EXAMPLE, promoCode: 'WELCOME' });
    expect(again.json().error.code).toBe('PROMO_CODE_ALREADY_USED');
    expect(
      (await put(bruno, await draftBookOf(t, brunoId), { ...WORKED_EXAMPLE, promoCode: 'WELCOME' }))
        .statusCode,
    ).toBe(200);
  });

  it('a code ended between the order and the payment is refused before payment; a paid order keeps its price', async () => {
    const row = await code({ code: 'ENDSOON', oncePerCustomer: false });
    const id = await draftBookOf(t, annaId);
    const order = (await put(anna, id, { ...WORKED_EXAMPLE, promoCode: 'ENDSOON' })).json() as Order;
    await t.database.db.update(promoCodes).set({ endedAt: new Date() }).where(eq(promoCodes.id, row.id));
    const refused = await startPayment(anna, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PROMO_CODE_EXPIRED');
    // Without the code the order is payable at the full price.
    const full = (await put(anna, id, { ...WORKED_EXAMPLE, promoCode: '' })).json() as Order;
    expect(full.quote).toMatchObject({ discount: 0, total: 9581 });
    expect((await startPayment(anna, order.id)).statusCode).toBe(200);
    const uses = await t.database.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, order.id));
    expect(uses).toHaveLength(0);
  });
});

describe('the owner’s settings (npm run admin -- promo | end-promo | vat)', () => {
  const owner = { id: 'cli', email: 'command line' };

  it('a new code, its end and a dated rate each write an audit line; a code is never made twice', async () => {
    const db = t.database.db;
    const made = await createPromoCode(
      db,
      {
        code: 'AUDITED',
        kind: 'amount',
        value: 500,
        validFrom: null,
        validTo: null,
        maxUses: 3,
        oncePerCustomer: true,
      },
      owner,
    );
    expect(made).toMatchObject({ code: 'AUDITED', value: 500 });
    await expect(createPromoCode(db, { ...made, value: 9000 }, owner)).rejects.toThrow(/exists already/);
    await endPromoCode(db, 'AUDITED', owner, new Date());
    await expect(endPromoCode(db, 'AUDITED', owner, new Date())).rejects.toThrow(/No running code/);
    await setTaxRate(db, { country: 'CH', validFrom: '2024-01-01', rateBasisPoints: 260 }, owner);
    const lines = await db.select().from(auditLog).where(eq(auditLog.actorId, 'cli'));
    expect(lines.map((line) => line.action).sort()).toEqual([
      'create_promo_code',
      'end_promo_code',
      'set_tax_rate',
    ]);
    // From 1 January 2024 Swiss orders use the new rate.
    const id = await draftBookOf(t, annaId);
    const swiss = (
      await put(anna, id, {
        ...WORKED_EXAMPLE,
        shipping: { ...WORKED_EXAMPLE.shipping, country: 'CH', postalCode: '8001', city: 'Zürich' },
      })
    ).json() as Order;
    // 8197 + 499 = 8696 × 2.6 % = 226.10 → 226.
    expect(swiss.quote).toMatchObject({ taxRateBasisPoints: 260, tax: 226 });
    await db.delete(taxRates).where(eq(taxRates.rateBasisPoints, 260));
  });
});

describe('receipts', () => {
  let shop: TestApp;
  let cookie: string;
  let owner: string;
  beforeAll(async () => {
    shop = await buildTestApp({
      env: {
        SHOP_LEGAL_NAME: 'Cuddle Tales GmbH',
        SHOP_ADDRESS: 'Seestrasse 1; 8002 Zürich; Switzerland',
        SHOP_VAT_NUMBER: 'CHE-123.456.789 MWST',
      },
    });
    cookie = await signedInAs(shop, 'receipt.parent@example.com');
    owner = await userIdOf(shop, 'receipt.parent@example.com');
  });
  afterAll(async () => {
    await shop.close();
  });

  async function paidOrder(body: object) {
    const id = await draftBookOf(shop, owner);
    const order = (
      await shop.app.inject({
        method: 'PUT',
        url: `/api/checkout/${id}/order`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    ).json() as Order;
    const receiptBefore = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/receipt`,
      headers: { cookie },
    });
    const payment = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { cookie },
    });
    const paid = await shop.app.inject({
      method: 'POST',
      url: new URL(payment.json().url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
        name: 'Anna Muster',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    return { order, receiptBefore };
  }

  it('a paid order’s receipt is a PDF for its owner, in the order’s language, with every line; nobody else gets one', async () => {
    await shop.database.db.insert(promoCodes).values({ code: 'RECEIPT10', kind: 'percent', value: 10 });
    const { order, receiptBefore } = await paidOrder({
      ...WORKED_EXAMPLE,
      language: 'fr',
      shippingLevel: 'express',
      promoCode: 'RECEIPT10',
    });
    // Not paid yet: no receipt.
    expect(receiptBefore.statusCode).toBe(404);
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/receipt`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="Recu-${order.orderNumber}.pdf"`);
    const text = (await extractText(response.rawPayload)).join(' ').replace(/[\u00a0\u202f]/g, ' ');
    // 8197 − 820 (10 %) + express 2198 = 9575; VAT 7.7 % = 737.28 → 737; total 10312.
    for (const expected of [
      'Reçu',
      `Commande ${order.orderNumber}`,
      'Cuddle Tales GmbH',
      'Seestrasse 1',
      '8002 Zürich',
      'Numéro de TVA : CHE-123.456.789 MWST',
      'Anna Muster',
      'personnalisé, couverture rigide',
      'Code promo RECEIPT10',
      '−8,20 CHF',
      'Livraison express : Allemagne',
      '21,98 CHF',
      'TVA 7,7 %',
      '7,37 CHF',
      'Total payé',
      '103,12 CHF',
    ]) {
      expect(text).toContain(expected);
    }

    const stranger = await signedInAs(shop, 'receipt.stranger@example.com');
    expect(
      (
        await shop.app.inject({
          method: 'GET',
          url: `/api/orders/${order.id}/receipt`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}/receipt` })).statusCode,
    ).toBe(401);
  });

  it('the order-paid e-mail carries the same receipt', async () => {
    const { order } = await paidOrder(WORKED_EXAMPLE);
    const mailer = createMemoryMailer();
    await sendOrderEmail(
      { db: shop.database.db, mailer, publicUrl: shop.config.publicUrl, seller: shop.config.seller },
      { orderId: order.id, email: 'orderPaid' },
    );
    const [mail] = mailer.sent;
    expect(mail?.to).toBe('anna@example.com');
    const text = mail?.text.replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of [
      `Receipt, Order ${order.orderNumber}, Paid on`,
      '1 × Personalised storybook, hardcover: CHF 39.99',
      '2 × Grandparent copy, softcover (30 % off): CHF 41.98',
      'Shipping to Germany: CHF 6.99',
      'VAT 7.7 %: CHF 6.85',
      'Total paid: CHF 95.81',
      'Cuddle Tales GmbH, Seestrasse 1, 8002 Zürich, Switzerland, VAT number: CHE-123.456.789 MWST',
    ]) {
      expect(text).toContain(expected);
    }
    expect(mail?.html).toContain('Total paid');
    expect(mail?.html.replace(/[\u00a0\u202f]/g, ' ')).toContain('CHF 95.81');
  });
});
