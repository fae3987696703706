// Issue 35 (docs/decisions/030-siblings.md): a book of two or three children is charged the extra
// child's price once per child beside the lead, read from the book itself (never from the request),
// taxed with the books; the checkout context names them, and so do the order and the receipt (the
// payment provider's lines say "extra child" without the names). A book of one child is charged
// exactly as before; another account gets 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { personalisationOf } from '../../../../test/personalisation-factory';
import { jsonCall, signedInAs } from '../../../../test/signed-in';
import type { CheckoutContext, Order } from '../../../shared/contracts/checkout';
import type { Companion } from '../../../shared/domain/cast';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { mulDivHalfUp } from '../../../shared/domain/pricing';
import { DEFAULT_TOY_LOOK } from '../../../shared/domain/toy-look';
import { bookInstances, orderItems, paymentSessions, productPricing } from '../../db/schema';
import { receiptOf, receiptText } from '../orders/receipt';

let t: TestApp;
let mia: string;
let miaId: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  mia = await signedInAs(t, 'mia.parent@example.com');
  miaId = await userIdOf(t, 'mia.parent@example.com');
  other = await signedInAs(t, 'someone.else.35@example.com');
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  jsonCall(t, method, url, cookie, payload);

const LEO: Companion = { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK };
const ZOE: Companion = {
  name: 'Zoé',
  gender: 'female',
  age: 7,
  look: DEFAULT_CHILD_LOOK,
  toy: { name: 'Pip', look: DEFAULT_TOY_LOOK },
};

/** A book ready to order whose cast is the lead (Emma, a girl unless said) and the companions given. */
async function castBookOf(
  companions: Companion[],
  childGender: 'male' | 'female' = 'female',
): Promise<string> {
  const id = await draftBookOf(t, miaId);
  await t.database.db
    .update(bookInstances)
    .set({ wizardMetadata: personalisationOf(id, { companions, childGender }) })
    .where(eq(bookInstances.id, id));
  return id;
}

const order = async (id: string, body: object = WORKED_EXAMPLE) => {
  const response = await call('PUT', `/api/checkout/${id}/order`, mia, body);
  expect(response.statusCode).toBe(200);
  return response.json() as Order;
};

describe('extra children in the checkout', () => {
  it('the context names the children beside the lead; one child has none; another account gets 404', async () => {
    const id = await castBookOf([LEO, ZOE]);
    const context = (await call('GET', `/api/checkout/${id}`, mia)).json() as CheckoutContext;
    expect(context.pricing.extraChildren).toEqual(['Leo', 'Zoé']);
    expect(context.pricing.prices).toContainEqual({
      productKey: 'extra_child',
      basePrice: 900,
      discountPercentage: 0,
    });
    const single = (
      await call('GET', `/api/checkout/${await draftBookOf(t, miaId)}`, mia)
    ).json() as CheckoutContext;
    expect(single.pricing).not.toHaveProperty('extraChildren');
    expect((await call('GET', `/api/checkout/${id}`, other)).statusCode).toBe(404);
  });

  it('charges 9.00 per child beside the lead from the book, whatever the request says, VAT included', async () => {
    const single = await order(await draftBookOf(t, miaId));
    const two = await order(await castBookOf([LEO]));
    // A request that claims no extra children (or invents its own) changes nothing: the book decides.
    const three = await order(await castBookOf([LEO, ZOE]), {
      ...WORKED_EXAMPLE,
      extraChildren: 0,
      companions: [],
      quote: { total: 1 },
    });
    expect(single.quote.lines.map((line) => line.itemType)).not.toContain('extra_child');
    expect(two.quote.lines.at(-1)).toMatchObject({ itemType: 'extra_child', quantity: 1, totalPrice: 900 });
    expect(three.quote.lines.at(-1)).toMatchObject({
      itemType: 'extra_child',
      quantity: 2,
      totalPrice: 1800,
    });
    expect(three.quote.subtotal - single.quote.subtotal).toBe(1800);
    // The extra children are taxed with the books at the order's rate (Germany: 7.7 %).
    expect(three.quote.tax).toBe(
      mulDivHalfUp(three.quote.subtotal + three.quote.shipping, three.quote.taxRateBasisPoints, 10_000),
    );
    expect(three.quote.total).toBe(three.quote.subtotal + three.quote.shipping + three.quote.tax);
    const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, three.id));
    expect(rows.find((row) => row.itemType === 'extra_child')).toMatchObject({
      productKey: 'extra_child',
      quantity: 2,
      unitPrice: 900,
      totalPrice: 1800,
    });
  });

  it('the order and the receipt name the extra children; the payment page says what they are', async () => {
    const placed = await order(await castBookOf([LEO, ZOE]));
    const view = (await call('GET', `/api/orders/${placed.id}`, mia)).json() as Order;
    expect(view.extraChildren).toEqual(['Leo', 'Zoé']);
    // The save's answer is the order as its page reads it (the checkout keeps it as its order).
    expect(placed).toEqual(view);
    expect((await call('POST', `/api/orders/${placed.id}/payment`, mia)).statusCode).toBe(200);
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, placed.id));
    // The payment provider is told what was charged, not the children's names.
    expect(session?.lines).toContainEqual({ name: 'Extra child in the story', quantity: 2, unitAmount: 900 });
    expect(JSON.stringify(session?.lines)).not.toMatch(/Leo|Zoé/);
    const seller = { name: 'Cuddle Tales', address: 'Bahnhofstrasse 1; 8001 Zürich', vatNumber: '' };
    const receipt = receiptOf(view, seller, new Date('2026-11-27T10:00:00Z'));
    expect(receipt.items).toContainEqual({
      label: 'Extra child in the story: Leo and Zoé',
      quantity: 2,
      amount: expect.stringMatching(/^CHF\s18\.00$/),
    });
    const french = receiptOf({ ...view, language: 'fr' }, seller, new Date('2026-11-27T10:00:00Z'));
    expect(receiptText(french)).toContain('2 × Enfant supplémentaire dans l’histoire\u00a0: Leo et Zoé');
    // A one-child order reads no names and prints no such line.
    const single = await order(await draftBookOf(t, miaId));
    const singleView = (await call('GET', `/api/orders/${single.id}`, mia)).json() as Order;
    expect(singleView).not.toHaveProperty('extraChildren');
    expect(receiptText(receiptOf(singleView, seller, new Date())).includes('Extra child')).toBe(false);
  });

  it('at a price of zero the line is free: nothing added, the children still named', async () => {
    await t.database.db
      .update(productPricing)
      .set({ basePrice: 0 })
      .where(eq(productPricing.productKey, 'extra_child'));
    try {
      const single = await order(await draftBookOf(t, miaId));
      const free = await order(await castBookOf([LEO, ZOE]));
      expect(free.quote.lines.at(-1)).toMatchObject({ itemType: 'extra_child', quantity: 2, totalPrice: 0 });
      expect(free.quote.total).toBe(single.quote.total);
      // The payment page takes no line of zero.
      expect((await call('POST', `/api/orders/${free.id}/payment`, mia)).statusCode).toBe(200);
      const [session] = await t.database.db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.orderId, free.id));
      expect(JSON.stringify(session?.lines)).not.toContain('Extra child');
    } finally {
      await t.database.db
        .update(productPricing)
        .set({ basePrice: 900 })
        .where(eq(productPricing.productKey, 'extra_child'));
    }
  });

  it('the context and the order say whom “your child” speaks of: one girl, a boy, girls, a mixed cast (issue 36)', async () => {
    const cases = [
      [[], 'female', { count: 1, gender: 'female' }],
      [[], 'male', { count: 1, gender: 'male' }],
      [[ZOE], 'female', { count: 2, gender: 'female' }],
      [[LEO, ZOE], 'female', { count: 3, gender: 'male' }],
    ] as const;
    for (const [companions, lead, cast] of cases) {
      const id = await castBookOf([...companions], lead);
      const context = (await call('GET', `/api/checkout/${id}`, mia)).json() as CheckoutContext;
      expect(context.bookInstance.cast).toEqual(cast);
      const placed = await order(id);
      const view = (await call('GET', `/api/orders/${placed.id}`, mia)).json() as Order;
      expect(view.cast).toEqual(cast);
      expect(placed.cast).toEqual(cast);
    }
  });
});
