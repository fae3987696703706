// Migration 0028 (issue 35, docs/decisions/030-siblings.md): the extra child is a product with a price
// and an order line of its own, and an operator's setting of a product price is an audit action. The
// migrated database takes them, and still refuses a product it does not know.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { queryRows } from './client';
import { auditLog, productPricing } from './schema';
import { seedCatalogue } from './seed';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database.close();
});

async function refused(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string; constraint?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''} ${cause?.constraint ?? ''}`;
  }
  throw new Error('the statement was accepted');
}

it('the seeded shop prices an extra child at CHF 9.00, and a price of zero is allowed', async () => {
  const [row] = await queryRows<{ base_price: number }>(
    database.db,
    sql`select base_price from product_pricing where product_key = 'extra_child'`,
  );
  expect(row?.base_price).toBe(900);
  await database.db.execute(sql`update product_pricing set base_price = 0 where product_key = 'extra_child'`);
  await database.db.execute(
    sql`update product_pricing set base_price = 900 where product_key = 'extra_child'`,
  );
});

it('order lines take the extra child and refuse an unknown kind', async () => {
  const defs = await queryRows<{ def: string }>(
    database.db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname in ('order_items_product_key', 'order_items_item_type') order by conname`,
  );
  expect(defs).toHaveLength(2);
  for (const def of defs) expect(def.def).toContain('extra_child');
  expect(
    await refused(
      database.db.insert(productPricing).values({ productKey: 'extra_pet' as never, basePrice: 100 }),
    ),
  ).toContain('product_pricing_product_key');
});

it('an operator setting a product price is an audit action', async () => {
  await database.db.insert(auditLog).values({
    actorId: 'ops',
    actorEmail: 'ops@example.com',
    action: 'set_product_price',
    reason: 'launch',
    details: {},
  });
  expect(
    await refused(
      database.db.insert(auditLog).values({
        actorId: 'ops',
        actorEmail: 'ops@example.com',
        action: 'set_everything' as never,
        reason: '',
        details: {},
      }),
    ),
  ).toContain('audit_log_action');
});
