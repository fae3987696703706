// Issue 35 (docs/decisions/030-siblings.md): the children beside the lead live in the book's
// personalisation. The data export gives them back with the book and names them on its order;
// deleting the account leaves nothing of them (the kept, anonymised order holds amounts, not names).
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { personalisationOf } from '../../../../test/personalisation-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import type { Companion } from '../../../shared/domain/cast';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../shared/domain/toy-look';
import { bookInstances, orderItems, orders } from '../../db/schema';
import { rowsNaming } from './test-factory';

// Distinctive names, so that "no row names them" can be searched.
const COMPANIONS: Companion[] = [
  { name: 'Quorvalina', gender: 'female', age: 4, look: DEFAULT_CHILD_LOOK },
  {
    name: 'Brixtophel',
    gender: 'male',
    age: 8,
    look: DEFAULT_CHILD_LOOK,
    toy: { name: 'Pelzwunderli', look: DEFAULT_TOY_LOOK },
  },
];

let t: TestApp;
let owner: { id: string; cookie: string };
let other: string;
let bookInstanceId: string;
let order: Order;

beforeAll(async () => {
  t = await buildTestApp();
  owner = { cookie: await signedInAs(t, 'cast.owner@example.com'), id: '' };
  owner.id = await userIdOf(t, 'cast.owner@example.com');
  other = await signedInAs(t, 'cast.other@example.com');
  bookInstanceId = await draftBookOf(t, owner.id);
  await t.database.db
    .update(bookInstances)
    .set({ wizardMetadata: personalisationOf(bookInstanceId, { companions: COMPANIONS }) })
    .where(eq(bookInstances.id, bookInstanceId));
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/checkout/${bookInstanceId}/order`,
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(WORKED_EXAMPLE),
  });
  order = saved.json() as Order;
  // The payment page opened: its lines are kept with the order.
  await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payment`,
    headers: { cookie: owner.cookie },
  });
});

afterAll(async () => {
  await t.close();
});

describe('the companions in the data export and in account deletion', () => {
  it('the export holds every child of the book and names them on its order; not in another user’s', async () => {
    const exported = async (cookie: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return JSON.parse(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['data.json']!));
    };
    const data = await exported(owner.cookie);
    const book = data.books.find((entry: { id: string }) => entry.id === bookInstanceId);
    expect(book.wizardMetadata.childName).toBe('Emma');
    expect(book.wizardMetadata.companions).toEqual(COMPANIONS);
    const exportedOrder = data.orders.find((entry: { id: string }) => entry.id === order.id);
    expect(exportedOrder.extraChildren).toEqual(['Quorvalina', 'Brixtophel']);
    expect(exportedOrder.quote.lines).toContainEqual(
      expect.objectContaining({ itemType: 'extra_child', quantity: 2 }),
    );
    expect(JSON.stringify(await exported(other))).not.toMatch(/Quorvalina|Brixtophel|Pelzwunderli/);
  });

  it('deleting the account leaves no row naming a companion or their toy; the order keeps its amounts', async () => {
    expect(await rowsNaming(t, 'Quorvalina')).toEqual(['book_instance']);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(204);
    for (const needle of ['Quorvalina', 'Brixtophel', 'Pelzwunderli']) {
      expect(await rowsNaming(t, needle), needle).toEqual([]);
    }
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ bookInstanceId: null, totalAmount: order.quote.total });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.find((item) => item.itemType === 'extra_child')).toMatchObject({
      quantity: 2,
      totalPrice: 1800,
    });
  });
});
