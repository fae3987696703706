// The checkout's reads and writes; the rules that decide what to write are in service.ts.
import { and, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { UNPAID_PAYMENT_STATUSES } from '../../../shared/domain/orders';
import { BOOK_TAX_CATEGORY } from '../../../shared/domain/pricing';
import { type Country, shopDate } from '../../../shared/domain/shipping';
import { personalisationWithWords } from '../../book/words';
import { type Db, prepareRows, queryRows } from '../../db/client';
import { personalisationSql } from '../../db/personalisation';
import {
  bookInstances,
  books,
  characters,
  customers,
  orderCopies,
  orderItems,
  orders,
  reviews,
  taxRates,
  themes,
  users,
} from '../../db/schema';
import type { OrderRow } from '../orders/repo';
import { activePricesJson } from '../pricing/prices';
import type { taxRateSql } from '../pricing/tax-rates';

/** The caller's instance as the checkout page shows it, or undefined (another user's is not found). */
export async function findOwnInstance(db: Db, userId: string, bookInstanceId: string) {
  const [row] = await db
    .select({
      id: bookInstances.id,
      bookId: bookInstances.bookId,
      status: bookInstances.status,
      bookType: bookInstances.bookType,
      themeId: bookInstances.themeId,
      language: bookInstances.language,
      wizardMetadata: personalisationWithWords(),
      currentVersionId: bookInstances.currentVersionId,
      approvedVersionId: bookInstances.approvedVersionId,
      title: books.title,
      themeImages: themes.images,
    })
    .from(bookInstances)
    .innerJoin(books, eq(books.id, bookInstances.bookId))
    .innerJoin(themes, eq(themes.id, bookInstances.themeId))
    .where(and(eq(bookInstances.id, bookInstanceId), eq(bookInstances.createdBy, userId)))
    .limit(1);
  return row;
}

/** The buyer's order of an instance, if any. */
export async function findOrderOfOwnInstance(db: Db, userId: string, bookInstanceId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.bookInstanceId, bookInstanceId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

/** The account's display name (null when it has none). */
export async function findUserName(db: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

/**
 * The caller's instance and, in the same round trip, what the save needs beside it: the order the
 * book already has, the account's name, the character whose photo the book was made from, the
 * active prices and the VAT rate (`taxRate`, unless TAX_RATE_BASIS_POINTS sets it). The ids may be
 * placeholders (a statement prepared once, below).
 */
function ownInstanceQuery(
  db: Db,
  userId: string | Placeholder,
  bookInstanceId: string | Placeholder,
  taxRate: SQL<number | null> | undefined,
) {
  return db
    .select({
      id: bookInstances.id,
      themeId: bookInstances.themeId,
      bookType: bookInstances.bookType,
      status: bookInstances.status,
      language: bookInstances.language,
      wizardMetadata: personalisationWithWords(),
      currentVersionId: bookInstances.currentVersionId,
      approvedVersionId: bookInstances.approvedVersionId,
      userName: users.name,
      order: { id: orders.id, userId: orders.userId, paymentStatus: orders.paymentStatus },
      characterId: sql<string | null>`(
        select ${characters.id} from ${characters}
        where ${characters.userId} = ${userId}
          and ${characters.photoPath} = ${personalisationSql.childPhoto()}
        limit 1)`,
      prices: activePricesJson(),
      taxRate: taxRate ?? sql<number | null>`null::int`,
    })
    .from(bookInstances)
    .innerJoin(users, eq(users.id, bookInstances.createdBy))
    .leftJoin(orders, eq(orders.bookInstanceId, bookInstances.id))
    .where(and(eq(bookInstances.id, bookInstanceId), eq(bookInstances.createdBy, userId)))
    .limit(1);
}

/**
 * `taxRateSql`'s rate with the country and the shop's day as placeholders: the statement below is
 * built once, and the values are bound at each order.
 */
const DATED_TAX_RATE = sql<number | null>`(
  select ${taxRates.rateBasisPoints} from ${taxRates}
  where ${taxRates.country} = ${sql.placeholder('country')}
    and ${taxRates.category} = ${BOOK_TAX_CATEGORY}
    and ${taxRates.validFrom} <= ${sql.placeholder('day')}
  order by ${taxRates.validFrom} desc limit 1)`;

type TaxShape = 'dated' | 'fixed';

const plainReads = new WeakMap<Db, Map<TaxShape, ReturnType<typeof preparePlainRead>>>();

function preparePlainRead(db: Db, shape: TaxShape) {
  return ownInstanceQuery(
    db,
    sql.placeholder('userId'),
    sql.placeholder('bookInstanceId'),
    shape === 'dated' ? DATED_TAX_RATE : undefined,
  ).prepare(`checkout_read_plain_${shape}`);
}

/**
 * The instance without a lock (a new order's first round trip): a named statement that drizzle
 * builds once per database and PostgreSQL parses once per pooled connection (issue 19: building
 * the query cost a tenth of the shop's CPU per order). `dated` reads the VAT rate of `country` on
 * the shop's day of `now`; `fixed` reads none (TAX_RATE_BASIS_POINTS sets it).
 */
export async function readOwnInstance(
  db: Db,
  userId: string,
  bookInstanceId: string,
  tax: { shape: TaxShape; country: Country; now: Date },
) {
  let shapes = plainReads.get(db);
  if (!shapes) {
    shapes = new Map();
    plainReads.set(db, shapes);
  }
  let prepared = shapes.get(tax.shape);
  if (!prepared) {
    prepared = preparePlainRead(db, tax.shape);
    shapes.set(tax.shape, prepared);
  }
  const [row] = await prepared.execute({
    userId,
    bookInstanceId,
    country: tax.country,
    day: shopDate(tax.now),
  });
  return row;
}

/** The instance locked (two saves of one checkout take turns, so it keeps one order), in a transaction. */
export async function lockOwnInstance(
  tx: Db,
  userId: string,
  bookInstanceId: string,
  taxRate: ReturnType<typeof taxRateSql> | undefined,
) {
  const name = `checkout_read_locked_${taxRate ? 'dated' : 'fixed'}`;
  const [row] = await ownInstanceQuery(tx, userId, bookInstanceId, taxRate)
    .for('update', { of: bookInstances })
    .prepare(name)
    .execute();
  return row;
}

export type OwnInstance = NonNullable<Awaited<ReturnType<typeof lockOwnInstance>>>;

/** The customer of an order: one per account and e-mail. */
export type CustomerOf = { userId: string; email: string; fullName: string };
/** The draft an order is saved for; `touch` renews its `updated_at` (retention counts from it). */
export type DraftTouch = { id: string; touch: boolean; now: Date };

/**
 * Makes or renames the buyer's customer row of an e-mail (one per account and e-mail: no account
 * renames another's) and links the draft to it, in one statement. An
 * unchanged customer is only read (with the key-share lock its foreign keys take anyway), not
 * updated: an update would lock the row until commit and make every order with that e-mail wait
 * for the one before it. Saving the order touches the draft, so retention counts its 30 days from
 * the last visit; an instance past the draft is left as it is.
 */
export async function linkCustomer(tx: Db, customer: CustomerOf, draft: DraftTouch): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with ${customerCtes(
      customer,
      { id: sql`${draft.id}`, touch: draft.touch, now: draft.now.toISOString() },
      sql`true`,
    )}
        select id from customer`,
  );
  if (!row) throw new Error('customer upsert returned no row');
  return row.id;
}

/** A value bound into a statement, or the placeholder of one bound later (a statement built once). */
type Bound<T> = T | Placeholder;

/**
 * The statement parts that make or rename the customer (`found`, `upserted`, `customer`) and link
 * the draft to it (`touched`; `now` as an ISO time), written only where `only` holds (an order's
 * statement: while its instance is as it was read).
 */
function customerCtes(
  customer: { [K in keyof CustomerOf]: Bound<CustomerOf[K]> },
  draft: { id: SQL; touch: Bound<boolean>; now: Bound<string> },
  only: SQL,
) {
  const { userId, email, fullName } = customer;
  return sql`found as (
      select ${customers.id} from ${customers}
      where ${customers.userId} = ${userId} and ${customers.email} = ${email}
        and ${customers.fullName} = ${fullName} and ${only}
      for key share
    ), upserted as (
      insert into ${customers} (user_id, email, full_name)
      select ${userId}, ${email}, ${fullName}
      where ${only} and not exists (select 1 from found)
      on conflict (user_id, email) do update set full_name = excluded.full_name
      returning id
    ), customer as (
      select id from found union all select id from upserted
    ), touched as (
      update ${bookInstances}
      set customer_id = (select id from customer), updated_at = ${draft.now}
      where ${bookInstances.id} = ${draft.id} and ${draft.touch}
    )`;
}

/** An order's item as the service prices it (the order id is added when it is written). */
export type ItemValues = Omit<typeof orderItems.$inferInsert, 'orderId'>;
/** An order's gift copy as the service keeps it (the order id is added when it is written). */
export type CopyValues = Omit<typeof orderCopies.$inferInsert, 'orderId'>;
/** What a save writes on the order row itself, new or changed. */
export type OrderFields = Omit<
  typeof orders.$inferInsert,
  'userId' | 'orderNumber' | 'bookType' | 'themeId' | 'bookInstanceId' | 'status' | 'paymentStatus'
>;

/** A row of `table` that PostgreSQL sent as JSON (`row_to_json`), typed as drizzle reads it. */
function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** The new order's values that the one statement below binds (the rest it reads in SQL). */
export type NewOrderInput = {
  userId: string;
  instance: Pick<
    OwnInstance,
    'id' | 'status' | 'currentVersionId' | 'approvedVersionId' | 'bookType' | 'themeId'
  >;
  customer: CustomerOf;
  touch: boolean;
  now: Date;
  orderNumber: string;
  fields: Required<
    Pick<
      typeof orders.$inferInsert,
      | 'coverType'
      | 'shippingAddress'
      | 'bookVersionId'
      | 'language'
      | 'subtotalAmount'
      | 'discountAmount'
      | 'shippingLevel'
      | 'shippingAmount'
      | 'taxAmount'
      | 'taxRateBasisPoints'
      | 'totalAmount'
    >
  >;
  items: ItemValues[];
  copies: CopyValues[];
};

/** The new order's statement, its text built once with a placeholder for each value (`newOrderValues`). */
function newOrderStatement(db: Db) {
  const $ = (name: string) => sql.placeholder(name);
  return prepareRows<{ order: unknown; items: unknown; copies: unknown }>(
    db,
    sql`with inst as (
          select ${bookInstances.id} as id,
            (select ${characters.id} from ${characters}
             where ${characters.userId} = ${$('userId')}
               and ${characters.photoPath} = ${personalisationSql.childPhoto()}
             limit 1) as character_id
          from ${bookInstances}
          where ${bookInstances.id} = ${$('instanceId')} and ${bookInstances.createdBy} = ${$('userId')}
            and ${bookInstances.status} = ${$('status')}
            and ${bookInstances.currentVersionId} is not distinct from ${$('currentVersionId')}::uuid
            and ${bookInstances.approvedVersionId} is not distinct from ${$('approvedVersionId')}::uuid
          for update
        ), ${customerCtes(
          { userId: $('userId'), email: $('email'), fullName: $('fullName') },
          { id: sql`(select id from inst)`, touch: $('touch'), now: $('now') },
          sql`exists (select 1 from inst)`,
        )}, new_order as (
          insert into ${orders} (user_id, order_number, book_type, theme_id, book_instance_id, status,
            payment_status, cover_type, customer_id, character_id, shipping_address,
            book_version_id, language, subtotal_amount, promo_code_id, discount_amount,
            shipping_level, shipping_amount, tax_amount, tax_rate_basis_points, total_amount, updated_at)
          select ${$('userId')}, ${$('orderNumber')}, ${$('bookType')}, ${$('themeId')}, inst.id,
            'pending', 'pending', ${$('coverType')}, (select id from customer), inst.character_id,
            ${$('shippingAddress')}::jsonb, ${$('bookVersionId')}::uuid,
            ${$('language')}, ${$('subtotalAmount')}, null, ${$('discountAmount')}, ${$('shippingLevel')},
            ${$('shippingAmount')}, ${$('taxAmount')}, ${$('taxRateBasisPoints')}, ${$('totalAmount')},
            ${$('now')}
          from inst
          on conflict do nothing
          returning *
        ), items as (
          insert into ${orderItems} (order_id, product_key, item_type, quantity, unit_price,
            discount_percentage, total_price, metadata)
          select new_order.id, item.product_key, item.item_type, item.quantity, item.unit_price,
            item.discount_percentage, item.total_price, item.metadata
          from new_order, json_to_recordset(${$('items')}::json) as item(product_key text,
            item_type text, quantity int, unit_price int, discount_percentage int, total_price int,
            metadata jsonb)
          returning *
        ), copies as (
          insert into ${orderCopies} (order_id, position, ship_to, dedication_message,
            dedication_signature, language)
          select new_order.id, copy.position, copy.ship_to, copy.dedication_message,
            copy.dedication_signature, copy.language
          from new_order, json_to_recordset(${$('copies')}::json) as copy(position int,
            ship_to jsonb, dedication_message text, dedication_signature text, language text)
          returning *
        )
        select (select row_to_json(new_order) from new_order) as "order",
          (select coalesce(json_agg(items), '[]'::json) from items) as items,
          (select coalesce(json_agg(copies order by copies.position), '[]'::json) from copies) as copies`,
    // A named statement: PostgreSQL parses this long text once per pooled connection (issue 19).
    'checkout_create_order',
  );
}

/** The values `newOrderStatement` binds for one order, by placeholder name. */
function newOrderValues(input: NewOrderInput): Record<string, unknown> {
  const { instance, customer, fields: f } = input;
  const items = input.items.map((item) => ({
    product_key: item.productKey,
    item_type: item.itemType,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    discount_percentage: item.discountPercentage,
    total_price: item.totalPrice,
    metadata: item.metadata,
  }));
  const copies = input.copies.map((copy) => ({
    position: copy.position,
    ship_to: copy.shipTo,
    dedication_message: copy.dedicationMessage,
    dedication_signature: copy.dedicationSignature,
    language: copy.language,
  }));
  return {
    userId: input.userId,
    instanceId: instance.id,
    status: instance.status,
    currentVersionId: instance.currentVersionId,
    approvedVersionId: instance.approvedVersionId,
    email: customer.email,
    fullName: customer.fullName,
    touch: input.touch,
    now: input.now.toISOString(),
    orderNumber: input.orderNumber,
    bookType: instance.bookType,
    themeId: instance.themeId,
    coverType: f.coverType,
    shippingAddress: JSON.stringify(f.shippingAddress),
    bookVersionId: f.bookVersionId,
    language: f.language,
    subtotalAmount: f.subtotalAmount,
    discountAmount: f.discountAmount,
    shippingLevel: f.shippingLevel,
    shippingAmount: f.shippingAmount,
    taxAmount: f.taxAmount,
    taxRateBasisPoints: f.taxRateBasisPoints,
    totalAmount: f.totalAmount,
    items: JSON.stringify(items),
    copies: JSON.stringify(copies),
  };
}

const newOrderStatements = new WeakMap<Db, ReturnType<typeof newOrderStatement>>();

/**
 * A new order in one statement (issue 19: one round trip instead of a transaction's six): the
 * instance is locked again and must still be as it was read (owner, status, versions), the
 * customer is made or renamed, the draft touched, the order inserted with its items and gift
 * copies. A single statement is atomic on its own. Its text is built once per database and only
 * the values are bound per order (issue 37: building it was 5 % of the shop's CPU per order).
 * Undefined when it wrote no order (the instance changed since it was read, an order for it was
 * committed meanwhile, or the order number was taken).
 */
export async function insertOrderInOneStatement(db: Db, input: NewOrderInput) {
  let statement = newOrderStatements.get(db);
  if (!statement) {
    statement = newOrderStatement(db);
    newOrderStatements.set(db, statement);
  }
  const [row] = await statement(newOrderValues(input));
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const order = json(row?.order) as Record<string, unknown> | null;
  if (!order) return undefined;
  return {
    order: fromJsonRow(orders, order),
    items: (json(row!.items) as Record<string, unknown>[]).map((item) => fromJsonRow(orderItems, item)),
    copies: (json(row!.copies) as Record<string, unknown>[]).map((copy) => fromJsonRow(orderCopies, copy)),
  };
}

/**
 * Inserts a new order, or nothing on any unique conflict (a taken order number, or an order for the
 * book that a concurrent save committed meanwhile).
 */
export async function insertOrder(tx: Db, values: typeof orders.$inferInsert): Promise<OrderRow | undefined> {
  const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
  return row;
}

/** The order of an instance as it is now, whoever made it. */
export async function findOrderOfInstance(tx: Db, bookInstanceId: string) {
  const [row] = await tx
    .select({ id: orders.id, userId: orders.userId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.bookInstanceId, bookInstanceId));
  return row;
}

/** Changes the user's order if it is still unpaid at the write; undefined when it is not. */
export async function updateUnpaidOrder(
  tx: Db,
  userId: string,
  orderId: string,
  fields: OrderFields,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set(fields)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        inArray(orders.paymentStatus, [...UNPAID_PAYMENT_STATUSES]),
      ),
    )
    .returning();
  return row;
}

export async function deleteOrderItems(tx: Db, orderId: string) {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
}

/** The review of an order, kept through a change of the order. */
export async function findReview(tx: Db, orderId: string) {
  const [row] = await tx
    .select({ rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.orderId, orderId));
  return row;
}

export function insertOrderItems(tx: Db, orderId: string, items: ItemValues[]) {
  return tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId })))
    .returning();
}

export async function deleteOrderCopies(tx: Db, orderId: string) {
  await tx.delete(orderCopies).where(eq(orderCopies.orderId, orderId));
}

export async function insertOrderCopies(tx: Db, orderId: string, copies: CopyValues[]) {
  if (!copies.length) return [];
  return tx
    .insert(orderCopies)
    .values(copies.map((copy) => ({ ...copy, orderId })))
    .returning();
}

const instanceStatusColumns = {
  id: bookInstances.id,
  status: bookInstances.status,
  createdAt: bookInstances.createdAt,
};

/** An instance's status by id, whoever owns it (the checkout test page of a demo shop). */
export async function findInstanceStatus(db: Db, id: string) {
  const [row] = await db.select(instanceStatusColumns).from(bookInstances).where(eq(bookInstances.id, id));
  return row;
}

/** The newest instances' statuses, whoever owns them (the checkout test page of a demo shop). */
export function newestInstances(db: Db, limit: number) {
  return db
    .select(instanceStatusColumns)
    .from(bookInstances)
    .orderBy(sql`${bookInstances.createdAt} desc`)
    .limit(limit);
}
