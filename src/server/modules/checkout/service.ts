import { and, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CheckoutContext, CopyGift, Order } from '../../../shared/contracts/checkout';
import { readPersonalisation } from '../../../shared/domain/book-personalisation';
import { type Language, languageOr } from '../../../shared/domain/languages';
import { isPaymentOpen, UNPAID_PAYMENT_STATUSES } from '../../../shared/domain/orders';
import { PriceUnavailableError, quoteOrder } from '../../../shared/domain/quote';
import { type Country, type ShippingLevel, shopDate } from '../../../shared/domain/shipping';
import type { CoverType, ProductKey } from '../../../shared/domain/statuses';
import type { PaymentProvider } from '../../adapters/payments/index';
import type { Storage } from '../../adapters/storage/index';
import { personalisationWithWords } from '../../book/words';
import { type Db, queryRows } from '../../db/client';
import { personalisationSql } from '../../db/personalisation';
import {
  bookInstances,
  books,
  characters,
  customers,
  orderCopies,
  orderItems,
  orders,
  productPricing,
  reviews,
  type StoredAddress,
  taxRates,
  themes,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { bookTitle } from '../../stories/title';
import { approvalOf, payableVersion } from '../books/service';
import { type OrderRow, orderView, toOrderView } from '../orders/repo';
import { expireOpenSessions } from '../payments/service';
import { activePrices, activePricesJson } from '../pricing/prices';
import { claimPromo, promoOf, recordPromoUse, releasePromo } from '../pricing/promo-codes';
import { type TaxSettings, taxRateSql, taxRatesOn } from '../pricing/tax-rates';

export type CheckoutDeps = {
  db: Db;
  storage: Storage;
  /** The dated VAT table, or TAX_RATE_BASIS_POINTS over it. */
  tax: TaxSettings;
  now: () => Date;
  /** A change of an unpaid order closes its open payment pages (their amount may be stale). */
  payments: PaymentProvider;
  log: { warn(obj: object, msg: string): void };
};
export type Buyer = { id: string; email: string };

/** What the buyer chose in the checkout, already checked by the shared schema. */
export type OrderChoice = {
  coverType: CoverType;
  grandparentCopies: { count: number; coverType: CoverType };
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shipping: { address: string; city: string; postalCode: string; country: StoredAddress['country'] };
  shippingLevel?: ShippingLevel;
  /** As typed (capitals, trimmed); '' for none. The server looks it up. */
  promoCode?: string;
  language: Language;
  /** Grandparent copies that are gifts (own address, dedication or language), by position. */
  copyGifts?: CopyGift[];
};

async function findOwnInstance(db: Db, userId: string, bookInstanceId: string) {
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
  if (!row) throw notFound('Book instance');
  return row;
}

/** Everything the checkout page needs; another user's or an unknown book instance is 404. */
export async function checkoutContext(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
): Promise<CheckoutContext> {
  const instance = await findOwnInstance(deps.db, buyer.id, bookInstanceId);
  // Lenient: the page still shows for a book whose data lacks a part (the title falls back).
  const metadata = readPersonalisation(instance.wizardMetadata);
  const [[order], [user], prices, taxRates] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.bookInstanceId, instance.id), eq(orders.userId, buyer.id)))
      .limit(1),
    deps.db.select({ name: users.name }).from(users).where(eq(users.id, buyer.id)),
    activePrices(deps.db),
    taxRatesOn(deps.db, deps.tax, deps.now()),
  ]);
  const paid = order !== undefined && !isPaymentOpen(order.paymentStatus);
  const display = (instance.themeImages as { src: string }[] | null)?.[0]?.src ?? null;
  return {
    bookInstance: {
      id: instance.id,
      status: instance.status,
      bookType: instance.bookType,
      themeId: instance.themeId,
      title: await bookTitle(instance, instance.title),
      childName: metadata.childName ?? '',
      toyName: metadata.toyName ?? '',
      language: languageOr(instance.language),
      approval: approvalOf(instance),
    },
    coverPreview: {
      heroCover: metadata.permanentPaths?.generatedHero ? `/api/book-instances/${instance.id}/cover` : null,
      bookDisplay: display,
    },
    prefill: { email: buyer.email, name: user?.name ?? '' },
    order: order && !paid ? await orderView(deps.db, order) : null,
    paidOrderId: order && paid ? order.id : null,
    pricing: {
      currency: 'CHF',
      prices,
      taxRates,
      promo: order && !paid ? await promoOf(deps.db, order.promoCodeId) : null,
    },
  };
}

/** The instance's hero cover image, for the checkout preview; only its owner gets it. */
export async function readCover(deps: CheckoutDeps, buyer: Buyer, bookInstanceId: string) {
  const instance = await findOwnInstance(deps.db, buyer.id, bookInstanceId);
  const key = readPersonalisation(instance.wizardMetadata).permanentPaths?.generatedHero;
  const object = key ? await deps.storage.get('instances', key) : undefined;
  if (!object) throw new AppError('IMAGE_NOT_FOUND', 'The cover of this book is not available.');
  return object;
}

/** The customer's name: from the form, else the account's display name, else the e-mail's local part. */
export function customerName(
  choice: OrderChoice['customer'],
  displayName: string | null | undefined,
): string {
  const fromForm = `${choice.firstName} ${choice.lastName}`.trim();
  return fromForm || displayName?.trim() || choice.email.split('@')[0] || choice.email;
}

let lastPlainOrderMs = 0;

/**
 * BK-{milliseconds}, with a random suffix when that millisecond's plain number is taken. Within
 * this process the suffix is chosen at once: under load two orders often share a millisecond, and
 * trying the taken number first would wait for the other order's transaction to end.
 */
function orderNumber(now: Date, attempt: number): string {
  const ms = now.getTime();
  const base = `BK-${ms}`;
  if (attempt === 0 && ms !== lastPlainOrderMs) {
    lastPlainOrderMs = ms;
    return base;
  }
  return `${base}-${Math.floor(Math.random() * 9000) + 1000}`;
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
    and ${taxRates.validFrom} <= ${sql.placeholder('day')}
  order by ${taxRates.validFrom} desc limit 1)`;

const plainReads = new WeakMap<Db, Map<'dated' | 'fixed', ReturnType<typeof preparePlainRead>>>();

function preparePlainRead(db: Db, shape: 'dated' | 'fixed') {
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
 * the query cost a tenth of the shop's CPU per order).
 */
async function readOwnInstance(deps: CheckoutDeps, userId: string, bookInstanceId: string, country: Country) {
  const shape = deps.tax.overrideBasisPoints === undefined ? 'dated' : 'fixed';
  let shapes = plainReads.get(deps.db);
  if (!shapes) {
    shapes = new Map();
    plainReads.set(deps.db, shapes);
  }
  let prepared = shapes.get(shape);
  if (!prepared) {
    prepared = preparePlainRead(deps.db, shape);
    shapes.set(shape, prepared);
  }
  const [row] = await prepared.execute({ userId, bookInstanceId, country, day: shopDate(deps.now()) });
  return row;
}

/** The instance locked (two saves of one checkout take turns, so it keeps one order), in a transaction. */
async function lockOwnInstance(
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

/**
 * Makes or renames the buyer's customer row of an e-mail (one per account and e-mail: no account
 * renames another's) and links the draft to it, in one statement. An
 * unchanged customer is only read (with the key-share lock its foreign keys take anyway), not
 * updated: an update would lock the row until commit and make every order with that e-mail wait
 * for the one before it. Saving the order touches the draft, so retention counts its 30 days from
 * the last visit; an instance past the draft is left as it is.
 */
async function linkCustomer(
  tx: Db,
  customer: { userId: string; email: string; fullName: string },
  draft: { id: string; touch: boolean; now: Date },
): Promise<string> {
  const { userId, email, fullName } = customer;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with found as (
          select ${customers.id} from ${customers}
          where ${customers.userId} = ${userId} and ${customers.email} = ${email}
            and ${customers.fullName} = ${fullName}
          for key share
        ), upserted as (
          insert into ${customers} (user_id, email, full_name)
          select ${userId}, ${email}, ${fullName} where not exists (select 1 from found)
          on conflict (user_id, email) do update set full_name = excluded.full_name
          returning id
        ), customer as (
          select id from found union all select id from upserted
        ), touched as (
          update ${bookInstances}
          set customer_id = (select id from customer), updated_at = ${draft.now.toISOString()}
          where ${bookInstances.id} = ${draft.id} and ${draft.touch}
        )
        select id from customer`,
  );
  if (!row) throw new Error('customer upsert returned no row');
  return row.id;
}

type ReadInstance = NonNullable<Awaited<ReturnType<typeof lockOwnInstance>>>;

/** An unpaid order of the buyer's may be changed; anyone else's, or a paid one, is refused. */
function refusePaid(buyer: Buyer, order: { userId: string | null; paymentStatus: string } | null) {
  if (order && (order.userId !== buyer.id || !isPaymentOpen(order.paymentStatus))) {
    throw new AppError('ORDER_ALREADY_PAID', 'This book has already been paid for.');
  }
}

/** The refusals that the instance as read decides; the approved version the order pays for. */
function checkInstance(buyer: Buyer, instance: ReadInstance | undefined): string {
  if (!instance) throw notFound('Book instance');
  // An abandoned draft's photos and covers were dropped after 30 days (privacy page).
  if (instance.status === 'abandoned') {
    throw new AppError(
      'JOB_INVALID_STATE',
      'This book was not ordered within 30 days. Please make it again.',
    );
  }
  refusePaid(buyer, instance.order);
  // Checkout pays for the book the parent approved, and only while it is the current version.
  return payableVersion(instance);
}

/** The gifts worth keeping and the quote, from the active prices and VAT rate read with the instance. */
function quoteChoice(
  deps: CheckoutDeps,
  choice: OrderChoice,
  instance: ReadInstance,
  promo: Awaited<ReturnType<typeof claimPromo>> | undefined,
) {
  const country = choice.shipping.country;
  const taxRateBasisPoints = deps.tax.overrideBasisPoints ?? instance.taxRate;
  if (taxRateBasisPoints === null)
    throw new Error(`No tax rate for ${country} on ${deps.now().toISOString()}`);
  // A copy that asks for nothing of its own is simply a copy: only real gifts are kept.
  // A copy in the book's own language is not a language of its own.
  const gifts = (choice.copyGifts ?? [])
    .map((gift) => ({ ...gift, language: gift.language === instance.language ? null : gift.language }))
    .filter(
      (gift) =>
        gift.position <= choice.grandparentCopies.count &&
        (gift.shipTo !== null || gift.dedication !== null || gift.language !== null),
    )
    .sort((a, b) => a.position - b.position);
  try {
    const quote = quoteOrder(
      instance.prices,
      {
        coverType: choice.coverType,
        grandparentCopies: choice.grandparentCopies,
        country,
        shippingLevel: choice.shippingLevel ?? 'standard',
        promo: promo?.discount,
        giftParcels: gifts.flatMap((gift) =>
          gift.shipTo ? [{ copy: gift.position, country: gift.shipTo.country }] : [],
        ),
      },
      { taxRateBasisPoints },
    );
    return { gifts, quote };
  } catch (error) {
    if (error instanceof PriceUnavailableError) {
      throw new AppError('PRICE_UNAVAILABLE', 'This book cannot be ordered right now.', { cause: error });
    }
    throw error;
  }
}

type Quoted = ReturnType<typeof quoteChoice>;

const addressOf = (choice: OrderChoice): StoredAddress => ({
  firstName: choice.customer.firstName,
  lastName: choice.customer.lastName,
  phone: choice.customer.phone,
  ...choice.shipping,
});

const itemRowsOf = (quote: Quoted['quote']) =>
  quote.lines.map((line) => ({
    productKey: line.productKey,
    itemType: line.itemType,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discountPercentage: line.discountPercentage,
    totalPrice: line.totalPrice,
    metadata: {
      coverType: line.coverType,
      basePrice: line.basePrice,
      discount_percentage: line.discountPercentage,
      cover_type: line.coverType,
    },
  }));

const copyRowsOf = (gifts: Quoted['gifts']) =>
  gifts.map((gift) => ({
    position: gift.position,
    shipTo: gift.shipTo,
    dedicationMessage: gift.dedication?.message ?? null,
    dedicationSignature: gift.dedication ? gift.dedication.signature : null,
    language: gift.language,
  }));

/** A row of `table` that PostgreSQL sent as JSON (`row_to_json`), typed as drizzle reads it. */
function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * A new order in one statement (issue 19: one round trip instead of a transaction's six): the
 * instance is locked again and must still be as it was read (owner, status, versions), the
 * customer is made or renamed, the draft touched, the order inserted with its items and gift
 * copies. A single statement is atomic on its own. Undefined when it wrote no order (the instance
 * changed since it was read, an order for it was committed meanwhile, or the order number was
 * taken): the caller then takes the transaction, which decides what applies.
 */
async function createInOneStatement(
  deps: CheckoutDeps,
  buyer: Buyer,
  choice: OrderChoice,
  instance: ReadInstance,
  bookVersionId: string,
  { gifts, quote }: Quoted,
): Promise<Order | undefined> {
  const now = deps.now();
  const email = choice.customer.email;
  const fullName = customerName(choice.customer, instance.userName);
  const touch = instance.status === 'draft' || instance.status === 'ready';
  const items = itemRowsOf(quote).map((item) => ({
    product_key: item.productKey,
    item_type: item.itemType,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    discount_percentage: item.discountPercentage,
    total_price: item.totalPrice,
    metadata: item.metadata,
  }));
  const copies = copyRowsOf(gifts).map((copy) => ({
    position: copy.position,
    ship_to: copy.shipTo,
    dedication_message: copy.dedicationMessage,
    dedication_signature: copy.dedicationSignature,
    language: copy.language,
  }));
  const [row] = await queryRows<{ order: unknown; items: unknown; copies: unknown }>(
    deps.db,
    sql`with inst as (
          select ${bookInstances.id} as id,
            (select ${characters.id} from ${characters}
             where ${characters.userId} = ${buyer.id}
               and ${characters.photoPath} = ${personalisationSql.childPhoto()}
             limit 1) as character_id
          from ${bookInstances}
          where ${bookInstances.id} = ${instance.id} and ${bookInstances.createdBy} = ${buyer.id}
            and ${bookInstances.status} = ${instance.status}
            and ${bookInstances.currentVersionId} is not distinct from ${instance.currentVersionId}::uuid
            and ${bookInstances.approvedVersionId} is not distinct from ${instance.approvedVersionId}::uuid
          for update
        ), found as (
          select ${customers.id} from ${customers}
          where ${customers.userId} = ${buyer.id} and ${customers.email} = ${email}
            and ${customers.fullName} = ${fullName} and exists (select 1 from inst)
          for key share
        ), upserted as (
          insert into ${customers} (user_id, email, full_name)
          select ${buyer.id}, ${email}, ${fullName}
          where exists (select 1 from inst) and not exists (select 1 from found)
          on conflict (user_id, email) do update set full_name = excluded.full_name
          returning id
        ), customer as (
          select id from found union all select id from upserted
        ), touched as (
          update ${bookInstances}
          set customer_id = (select id from customer), updated_at = ${now.toISOString()}
          where ${bookInstances.id} = (select id from inst) and ${touch}
        ), new_order as (
          insert into ${orders} (user_id, order_number, book_type, theme_id, book_instance_id, status,
            payment_status, cover_type, customer_id, character_id, shipping_address,
            book_version_id, language, subtotal_amount, promo_code_id, discount_amount,
            shipping_level, shipping_amount, tax_amount, tax_rate_basis_points, total_amount, updated_at)
          select ${buyer.id}, ${orderNumber(now, 0)}, ${instance.bookType}, ${instance.themeId}, inst.id,
            'pending', 'pending', ${choice.coverType}, (select id from customer), inst.character_id,
            ${JSON.stringify(addressOf(choice))}::jsonb, ${bookVersionId}::uuid,
            ${choice.language}, ${quote.subtotal}, null, ${quote.discount}, ${quote.shippingLevel},
            ${quote.shipping}, ${quote.tax}, ${quote.taxRateBasisPoints}, ${quote.total},
            ${now.toISOString()}
          from inst
          on conflict do nothing
          returning *
        ), items as (
          insert into ${orderItems} (order_id, product_key, item_type, quantity, unit_price,
            discount_percentage, total_price, metadata)
          select new_order.id, item.product_key, item.item_type, item.quantity, item.unit_price,
            item.discount_percentage, item.total_price, item.metadata
          from new_order, json_to_recordset(${JSON.stringify(items)}::json) as item(product_key text,
            item_type text, quantity int, unit_price int, discount_percentage int, total_price int,
            metadata jsonb)
          returning *
        ), copies as (
          insert into ${orderCopies} (order_id, position, ship_to, dedication_message,
            dedication_signature, language)
          select new_order.id, copy.position, copy.ship_to, copy.dedication_message,
            copy.dedication_signature, copy.language
          from new_order, json_to_recordset(${JSON.stringify(copies)}::json) as copy(position int,
            ship_to jsonb, dedication_message text, dedication_signature text, language text)
          returning *
        )
        select (select row_to_json(new_order) from new_order) as "order",
          (select coalesce(json_agg(items), '[]'::json) from items) as items,
          (select coalesce(json_agg(copies order by copies.position), '[]'::json) from copies) as copies`,
    // A named statement: PostgreSQL parses this long text once per pooled connection (issue 19).
    'checkout_create_order',
  );
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const order = json(row?.order) as Record<string, unknown> | null;
  if (!order) return undefined;
  return toOrderView(
    fromJsonRow(orders, order),
    (json(row!.items) as Record<string, unknown>[]).map((item) => fromJsonRow(orderItems, item)),
    email,
    undefined,
    0,
    null,
    (json(row!.copies) as Record<string, unknown>[]).map((copy) => fromJsonRow(orderCopies, copy)),
  );
}

/**
 * Creates the order of a book instance (status pending, payment pending) with its items and
 * amounts, or updates the unpaid one it already has. Amounts come from the shared quote over the
 * active prices; nothing the client sends is a price. A new order without a promo code (the
 * common case) costs two round trips: a read, then one statement that writes it all
 * (`createInOneStatement`); a change, a promo code or a race takes one transaction.
 */
export async function saveOrder(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
  choice: OrderChoice,
): Promise<Order> {
  const taxRate = () =>
    deps.tax.overrideBasisPoints === undefined ? taxRateSql(choice.shipping.country, deps.now()) : undefined;
  try {
    // A code is claimed under a lock in the transaction, before the price: no short way for it.
    if (!choice.promoCode) {
      const instance = await readOwnInstance(deps, buyer.id, bookInstanceId, choice.shipping.country);
      const bookVersionId = checkInstance(buyer, instance);
      if (!instance!.order) {
        const quoted = quoteChoice(deps, choice, instance!, undefined);
        const order = await createInOneStatement(deps, buyer, choice, instance!, bookVersionId, quoted);
        if (order) return order;
      }
    }
    return await deps.db.transaction(async (tx) => {
      const instance = await lockOwnInstance(tx, buyer.id, bookInstanceId, taxRate());
      const bookVersionId = checkInstance(buyer, instance);
      if (!instance) throw notFound('Book instance');

      // The code is checked (and locked) before the price: its use is written with the order below.
      const promo = choice.promoCode
        ? await claimPromo(tx, {
            code: choice.promoCode,
            userId: buyer.id,
            orderId: instance.order?.id,
            now: deps.now(),
          })
        : undefined;
      const { gifts, quote } = quoteChoice(deps, choice, instance, promo);

      const customerId = await linkCustomer(
        tx,
        {
          userId: buyer.id,
          email: choice.customer.email,
          fullName: customerName(choice.customer, instance.userName),
        },
        {
          id: instance.id,
          touch: instance.status === 'draft' || instance.status === 'ready',
          now: deps.now(),
        },
      );
      const fields = {
        coverType: choice.coverType,
        customerId,
        characterId: instance.characterId,
        shippingAddress: addressOf(choice),
        bookVersionId,
        language: choice.language,
        subtotalAmount: quote.subtotal,
        promoCodeId: promo?.promoCodeId ?? null,
        discountAmount: quote.discount,
        shippingLevel: quote.shippingLevel,
        shippingAmount: quote.shipping,
        taxAmount: quote.tax,
        taxRateBasisPoints: quote.taxRateBasisPoints,
        totalAmount: quote.total,
        updatedAt: deps.now(),
      };

      let row: OrderRow | undefined;
      let existingId = instance.order?.id;
      for (let attempt = 0; !existingId && !row && attempt < 5; attempt++) {
        // Any unique conflict skips the row: a taken order number, or an order for this book that a
        // concurrent save committed while this one waited for the lock (the join above read the
        // orders as they were before the wait).
        [row] = await tx
          .insert(orders)
          .values({
            ...fields,
            userId: buyer.id,
            orderNumber: orderNumber(deps.now(), attempt),
            bookType: instance.bookType,
            themeId: instance.themeId,
            bookInstanceId: instance.id,
            status: 'pending',
            paymentStatus: 'pending',
          })
          .onConflictDoNothing()
          .returning();
        if (!row && attempt === 0) {
          const [existing] = await tx
            .select({ id: orders.id, userId: orders.userId, paymentStatus: orders.paymentStatus })
            .from(orders)
            .where(eq(orders.bookInstanceId, instance.id));
          refusePaid(buyer, existing ?? null);
          existingId = existing?.id;
        }
      }
      let review: Parameters<typeof toOrderView>[3];
      if (existingId) {
        // Still unpaid at the write, not only when read: a payment may have landed in between.
        [row] = await tx
          .update(orders)
          .set(fields)
          .where(
            and(
              eq(orders.id, existingId),
              eq(orders.userId, buyer.id),
              inArray(orders.paymentStatus, [...UNPAID_PAYMENT_STATUSES]),
            ),
          )
          .returning();
        if (!row) throw new AppError('ORDER_ALREADY_PAID', 'This book has already been paid for.');
        // A page opened before this change would charge the old amount: it is closed now, and the
        // next payment starts a page with the new one.
        await expireOpenSessions({ ...deps, db: tx }, existingId, { strict: false });
        await tx.delete(orderItems).where(eq(orderItems.orderId, existingId));
        [review] = await tx
          .select({ rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt })
          .from(reviews)
          .where(eq(reviews.orderId, existingId));
      }
      if (!row) throw new Error('no free order number');
      const orderId = row.id;
      // A new order has no promo use, items or copies yet: only an updated one clears its old ones.
      const updated = existingId !== undefined;
      if (promo) {
        await recordPromoUse(tx, {
          promoCodeId: promo.promoCodeId,
          orderId,
          userId: buyer.id,
          now: deps.now(),
        });
      } else if (updated) {
        await releasePromo(tx, orderId);
      }

      const items = await tx
        .insert(orderItems)
        .values(itemRowsOf(quote).map((item) => ({ ...item, orderId })))
        .returning();
      if (updated) await tx.delete(orderCopies).where(eq(orderCopies.orderId, orderId));
      const copies = gifts.length
        ? await tx
            .insert(orderCopies)
            .values(copyRowsOf(gifts).map((copy) => ({ ...copy, orderId })))
            .returning()
        : [];
      // The rows just written are the order as it is at commit (the instance lock keeps others out).
      return toOrderView(row, items, choice.customer.email, review, 0, promo?.discount.code ?? null, copies);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ORDER_CREATE_FAILED', 'Failed to create order. Please try again.', { cause: error });
  }
}

/** The checkout test page: an instance's status by id (anyone may ask; a demo shop only). */
export async function lookupInstance(db: Db, id: string) {
  const [row] = await db
    .select({ id: bookInstances.id, status: bookInstances.status, createdAt: bookInstances.createdAt })
    .from(bookInstances)
    .where(eq(bookInstances.id, id));
  if (!row) throw notFound('Book instance');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The checkout test page: the five newest instances. */
export async function recentInstances(db: Db) {
  const rows = await db
    .select({ id: bookInstances.id, status: bookInstances.status, createdAt: bookInstances.createdAt })
    .from(bookInstances)
    .orderBy(sql`${bookInstances.createdAt} desc`)
    .limit(5);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
