import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { listTables, migrateDatabase, openDatabase, queryRows } from './client';
import { customers, productPricing, themes, users, wizardSessionData, wizardSessions } from './schema';
import { seedCatalogue } from './seed';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The database's own error for a statement (drizzle wraps it), so tests can assert on the constraint. */
async function failure(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string; constraint?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''} ${cause?.constraint ?? ''}`;
  }
  throw new Error('the statement was accepted');
}

async function makeUser(id = `user_${Math.random().toString(36).slice(2)}`) {
  await database.db.insert(users).values({ id, name: 'Ada', email: `${id}@example.com` });
  return id;
}

describe('schema', () => {
  it('has a table for every entity of the spec', async () => {
    const tables = await listTables(database);
    expect(tables).toEqual(
      expect.arrayContaining([
        'book',
        'themes',
        'book_instance',
        'wizard_sessions',
        'wizard_session_data',
        'customer',
        'profiles',
        'characters',
        'orders',
        'order_items',
        'product_pricing',
        'reviews',
        'spreads',
        'generated_image',
        'user',
      ]),
    );
  });

  it('running the migrations again changes nothing', async () => {
    await migrateDatabase(database);
    expect((await listTables(database)).length).toBeGreaterThanOrEqual(15);
  });
});

describe('seed', () => {
  it('creates the guardian-friend book and theme and the prices of docs/product.md in cents', async () => {
    const theme = await database.db.query.themes.findFirst({ where: eq(themes.id, 'guardian-friend') });
    expect(theme).toMatchObject({
      ageMin: 2,
      ageMax: 8,
      isActive: true,
      bookTypes: ['storybook', 'coloring'],
    });
    const book = await database.db.query.books.findFirst();
    expect(book?.slug).toBe('guardian-friend');
    expect(book?.id).toBe(theme?.bookId);
    const prices = await database.db.select().from(productPricing).orderBy(productPricing.productKey);
    expect(prices.map((p) => [p.productKey, p.basePrice, p.currency, p.isActive])).toEqual([
      ['bilingual_edition', 500, 'CHF', true],
      ['extra_child', 900, 'CHF', true],
      ['hardcover_book', 3999, 'CHF', true],
      ['softcover_book', 2999, 'CHF', true],
    ]);
  });

  it('runs again without duplicating rows and keeps a price the owner changed', async () => {
    await database.db
      .update(productPricing)
      .set({ basePrice: 3499 })
      .where(eq(productPricing.productKey, 'hardcover_book'));
    await seedCatalogue(database.db);
    const prices = await database.db.select().from(productPricing);
    expect(prices).toHaveLength(4);
    expect(prices.find((p) => p.productKey === 'hardcover_book')?.basePrice).toBe(3499);
    expect(await database.db.$count(themes)).toBe(2); // one per story folder
    await database.db
      .update(productPricing)
      .set({ basePrice: 3999 })
      .where(eq(productPricing.productKey, 'hardcover_book'));
  });
});

describe('constraints', () => {
  it('keeps one customer row per account and e-mail', async () => {
    const [ada, bea] = [await makeUser(), await makeUser()];
    const email = 'parent@example.com';
    await database.db.insert(customers).values({ userId: ada, email, fullName: 'A Parent' });
    expect(
      await failure(database.db.insert(customers).values({ userId: ada, email, fullName: 'B' })),
    ).toMatch(/customer_user_email_idx|duplicate key/);
    // Another account may buy for the same address: its row is its own.
    await database.db.insert(customers).values({ userId: bea, email, fullName: 'B Parent' });
    expect(await database.db.$count(customers, eq(customers.email, email))).toBe(2);
  });

  it('keeps one row per wizard session and step, of the step’s own type', async () => {
    const sessionId = `wizard_${Date.now()}_abc123`;
    await database.db.insert(wizardSessions).values({
      sessionId,
      themeId: 'guardian-friend',
      bookType: 'storybook',
      expiresAt: new Date(Date.now() + 7_200_000),
    });
    await database.db
      .insert(wizardSessionData)
      .values({ sessionId, stepNumber: 1, stepType: 'child', data: { name: 'Mia' } });
    expect(
      await failure(
        database.db
          .insert(wizardSessionData)
          .values({ sessionId, stepNumber: 1, stepType: 'child', data: {} }),
      ),
    ).toMatch(/wizard_session_data_session_step|duplicate key/);
    expect(
      await failure(
        database.db.insert(wizardSessionData).values({ sessionId, stepNumber: 2, stepType: 'toy', data: {} }),
      ),
    ).toMatch(/wizard_session_data_step_type|check constraint/);
    expect(
      await failure(
        database.db
          .insert(wizardSessionData)
          .values({ sessionId, stepNumber: 6, stepType: 'child', data: {} }),
      ),
    ).toMatch(/wizard_session_data_step|check constraint/);
  });

  it('refuses a wizard session id that is not wizard_{timestamp}_{random}', async () => {
    expect(
      await failure(
        database.db.insert(wizardSessions).values({
          sessionId: 'guess-me',
          themeId: 'guardian-friend',
          bookType: 'storybook',
          expiresAt: new Date(),
        }),
      ),
    ).toMatch(/wizard_sessions_id_format|check constraint/);
  });

  it('refuses an unknown status, a negative amount and an unknown theme on an order', async () => {
    const userId = await makeUser();
    const order = {
      userId,
      orderNumber: `BK-${Date.now()}`,
      bookType: 'storybook',
      themeId: 'guardian-friend',
      coverType: 'hardcover',
    };
    expect(
      await failure(
        database.db.execute(sql`insert into orders (order_number, book_type, theme_id, cover_type, status)
      values (${order.orderNumber}, 'storybook', 'guardian-friend', 'hardcover', 'lost')`),
      ),
    ).toMatch(/orders_status|check constraint/);
    expect(
      await failure(
        database.db.execute(sql`insert into orders (order_number, book_type, theme_id, cover_type, total_amount)
      values (${order.orderNumber}, 'storybook', 'guardian-friend', 'hardcover', -1)`),
      ),
    ).toMatch(/orders_amounts|check constraint/);
    expect(
      await failure(
        database.db.execute(sql`insert into orders (order_number, book_type, theme_id, cover_type)
      values (${order.orderNumber}, 'storybook', 'no-such-theme', 'hardcover')`),
      ),
    ).toMatch(/foreign key/);
    expect(
      await failure(
        database.db.execute(sql`insert into orders (order_number, book_type, theme_id, cover_type)
      values ('ORDER-1', 'storybook', 'guardian-friend', 'hardcover')`),
      ),
    ).toMatch(/orders_order_number_format|check constraint/);
  });

  it('stores every amount as whole cents (integer columns)', async () => {
    const rows = await queryRows<{ column: string; data_type: string }>(
      database.db,
      sql`
      select table_name || '.' || column_name as column, data_type from information_schema.columns
      where table_schema = 'public' and (column_name like '%amount' or column_name like '%price')
      order by 1`,
    );
    expect(rows).toEqual([
      { column: 'order_items.total_price', data_type: 'integer' },
      { column: 'order_items.unit_price', data_type: 'integer' },
      { column: 'orders.discount_amount', data_type: 'integer' },
      { column: 'orders.shipping_amount', data_type: 'integer' },
      { column: 'orders.subtotal_amount', data_type: 'integer' },
      { column: 'orders.tax_amount', data_type: 'integer' },
      { column: 'orders.total_amount', data_type: 'integer' },
      { column: 'payment_refunds.amount', data_type: 'integer' },
      { column: 'payment_sessions.amount', data_type: 'integer' },
      { column: 'product_pricing.base_price', data_type: 'integer' },
    ]);
  });
});

describe('the embedded database', () => {
  // PostgreSQL keeps data by nature; this proves the PGlite folder under DATA_DIR does too.
  it('keeps its data across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-restart-'));
    try {
      const first = await openDatabase({ dataDir });
      await migrateDatabase(first);
      await seedCatalogue(first.db);
      await first.db.insert(customers).values({ email: 'kept@example.com', fullName: 'Kept' });
      await first.close();

      const second = await openDatabase({ dataDir });
      await migrateDatabase(second);
      const kept = await second.db.query.customers.findFirst({
        where: eq(customers.email, 'kept@example.com'),
      });
      await second.close();
      expect(kept?.fullName).toBe('Kept');
      expect((await fs.stat(path.join(dataDir, 'db'))).isDirectory()).toBe(true);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('makes its folder on a first start over an empty db/ left by an older start, with no scratch left', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-first-'));
    try {
      await fs.mkdir(path.join(dataDir, 'db'));
      const database = await openDatabase({ dataDir });
      await migrateDatabase(database);
      await seedCatalogue(database.db);
      expect(await database.db.query.themes.findFirst()).toBeDefined();
      await database.close();
      expect(await fs.readdir(dataDir)).toEqual(['db']);
      expect(await fs.readdir(path.join(dataDir, 'db'))).toContain('PG_VERSION');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the PostgreSQL pool', () => {
  it('reports a dropped idle connection instead of crashing the process', async () => {
    const pg = await import('pg');
    const { fromPool } = await import('./client');
    const seen: string[] = [];
    const pool = new pg.default.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/none' });
    const database = fromPool(pool, (error) => seen.push(error.message));
    pool.emit('error', new Error('terminating connection due to administrator command'), undefined as never);
    expect(seen).toEqual(['terminating connection due to administrator command']);
    await database.close();
  });
});
