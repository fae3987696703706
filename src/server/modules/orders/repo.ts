import { and, asc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CopyGift, Order } from '../../../shared/contracts/checkout';
import { readPersonalisation } from '../../../shared/domain/book-personalisation';
import { type CastMember, castOf, castWordsOf } from '../../../shared/domain/cast';
import { languageOr } from '../../../shared/domain/languages';
import { shippingOffer } from '../../../shared/domain/shipping';
import { type CoverType, OWN_PAYMENT_REFUND_REASONS } from '../../../shared/domain/statuses';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import {
  bookInstances,
  customers,
  orderCopies,
  orderItems,
  orders,
  paymentRefunds,
  promoCodes,
  reviews,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** One order of one user, or undefined: the user id is part of the query, never checked after. */
export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

export type OrderCopyRow = typeof orderCopies.$inferSelect;

/** An order's gift copies, by position. */
export function copyRowsOf(db: Db, orderId: string): Promise<OrderCopyRow[]> {
  return db
    .select()
    .from(orderCopies)
    .where(eq(orderCopies.orderId, orderId))
    .orderBy(asc(orderCopies.position));
}

/** A gift copy as chosen in the checkout (the rows keep null for "as the book"). */
function copyGiftOf(row: OrderCopyView): CopyGift {
  return {
    position: row.position,
    shipTo: row.shipTo ?? null,
    dedication:
      row.dedicationMessage !== null
        ? { message: row.dedicationMessage, signature: row.dedicationSignature ?? '' }
        : null,
    language: row.language ?? null,
  };
}

/**
 * The names of the children beside the lead of an order's book (issue 35), for the extra children's
 * line of the receipts and the payment page: read from the book's personalisation with its current
 * version's names (a companion renamed in the reader), none when the book is gone.
 */
export async function extraChildNames(db: Db, bookInstanceId: string | null): Promise<string[]> {
  return extraNamesOf((await bookCast(db, bookInstanceId)).cast);
}

const extraNamesOf = (cast: readonly CastMember[]) =>
  cast.filter((member) => !member.lead).map((member) => member.name);

/** The cast of an order's book with its current version's names; none when the book is gone. */
async function bookCast(
  db: Db,
  bookInstanceId: string | null,
): Promise<{ cast: CastMember[]; words: Order['cast'] }> {
  if (!bookInstanceId) return { cast: [], words: undefined };
  const [instance] = await db
    .select({ wizardMetadata: personalisationWithWords() })
    .from(bookInstances)
    .where(eq(bookInstances.id, bookInstanceId));
  if (!instance) return { cast: [], words: undefined };
  const personalisation = readPersonalisation(instance.wizardMetadata);
  return { cast: castOf(personalisation), words: castWordsOf(personalisation) };
}

/** An order line as the view reads it (a row of `order_items`, or its JSON in `viewExtras`). */
export type OrderItemView = Pick<
  typeof orderItems.$inferSelect,
  'productKey' | 'itemType' | 'quantity' | 'unitPrice' | 'discountPercentage' | 'totalPrice' | 'metadata'
>;

/** A gift copy as the view reads it. */
export type OrderCopyView = Pick<
  OrderCopyRow,
  | 'position'
  | 'shipTo'
  | 'dedicationMessage'
  | 'dedicationSignature'
  | 'language'
  | 'status'
  | 'trackingNumber'
  | 'trackingUrl'
>;

/**
 * What an order's view reads beside the order's row, as columns of the order's own statement
 * (issue 33: an order's page read seven statements one after another and answered at 0.02× a bare
 * route): its lines, customer e-mail, review, refunds, promo code, gift copies and its book's
 * personalisation with the current version's names (the cast).
 */
function viewExtras() {
  // Drizzle names a column without its table in a one-table select, so a sub-select would read its
  // own table's `id`: the order's columns are named with the table.
  const ofTheOrder = (column: PgColumn) =>
    sql`${sql.identifier(getTableName(orders))}.${sql.identifier(column.name)}`;
  return {
    items: sql<OrderItemView[] | string>`(select coalesce(json_agg(json_build_object(
        'productKey', ${orderItems.productKey}, 'itemType', ${orderItems.itemType},
        'quantity', ${orderItems.quantity}, 'unitPrice', ${orderItems.unitPrice},
        'discountPercentage', ${orderItems.discountPercentage}, 'totalPrice', ${orderItems.totalPrice},
        'metadata', ${orderItems.metadata}) order by ${orderItems.createdAt}), '[]'::json)
      from ${orderItems} where ${orderItems.orderId} = ${ofTheOrder(orders.id)})`,
    customerEmail: sql<string | null>`(select ${customers.email} from ${customers}
      where ${customers.id} = ${ofTheOrder(orders.customerId)})`,
    review: sql<{ rating: number; text: string; createdAt: string } | string | null>`(select
        json_build_object('rating', ${reviews.rating}, 'text', ${reviews.text},
          'createdAt', ${reviews.createdAt})
      from ${reviews} where ${reviews.orderId} = ${ofTheOrder(orders.id)} limit 1)`,
    refunded: sql<number>`(select coalesce(sum(${paymentRefunds.amount}), 0)::int from ${paymentRefunds}
      where ${paymentRefunds.orderId} = ${ofTheOrder(orders.id)}
        and ${inArray(paymentRefunds.reason, OWN_PAYMENT_REFUND_REASONS)}
        and ${paymentRefunds.status} = 'refunded')`,
    promoCode: sql<string | null>`(select ${promoCodes.code} from ${promoCodes}
      where ${promoCodes.id} = ${ofTheOrder(orders.promoCodeId)})`,
    copies: sql<OrderCopyView[] | string>`(select coalesce(json_agg(json_build_object(
        'position', ${orderCopies.position}, 'shipTo', ${orderCopies.shipTo},
        'dedicationMessage', ${orderCopies.dedicationMessage},
        'dedicationSignature', ${orderCopies.dedicationSignature}, 'language', ${orderCopies.language},
        'status', ${orderCopies.status}, 'trackingNumber', ${orderCopies.trackingNumber},
        'trackingUrl', ${orderCopies.trackingUrl}) order by ${orderCopies.position}), '[]'::json)
      from ${orderCopies} where ${orderCopies.orderId} = ${ofTheOrder(orders.id)})`,
    personalisation: sql<unknown>`(select ${personalisationWithWords()} from ${bookInstances}
      where ${bookInstances.id} = ${ofTheOrder(orders.bookInstanceId)})`,
  };
}

type ViewExtras = {
  [K in keyof ReturnType<typeof viewExtras>]: ReturnType<typeof viewExtras>[K]['_']['type'];
};

const NOTHING_BESIDE: ViewExtras = {
  items: [],
  customerEmail: null,
  review: null,
  refunded: 0,
  promoCode: null,
  copies: [],
  personalisation: null,
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The view from the order's row and its `viewExtras`. */
function viewOf(row: OrderRow, extras: ViewExtras): Order {
  const items = parsed(extras.items);
  const review = extras.review ? parsed(extras.review) : null;
  const view = toOrderView(
    row,
    items,
    extras.customerEmail ?? undefined,
    review ? { ...review, createdAt: new Date(review.createdAt) } : undefined,
    Number(extras.refunded ?? 0),
    extras.promoCode,
    parsed(extras.copies),
  );
  if (!row.bookInstanceId || !extras.personalisation) return view;
  return withCastOf(view, parsed(extras.personalisation), items);
}

/**
 * An order's view with its book's cast (whom "your child" speaks of) and, where the order paid for
 * extra children, their names: the order's page and the checkout's save answer alike.
 */
export function withCastOf(
  view: Order,
  storedPersonalisation: unknown,
  items: readonly { itemType: string }[],
): Order {
  const personalisation = readPersonalisation(storedPersonalisation);
  const words = castWordsOf(personalisation);
  const withCast = words ? { ...view, cast: words } : view;
  // Only an order that paid for extra children lists their names (one child's order is as before).
  if (!items.some((item) => item.itemType === 'extra_child')) return withCast;
  return { ...withCast, extraChildren: extraNamesOf(castOf(personalisation)) };
}

/** The caller's order with its view's extras, in one named statement: the user id is in the query. */
function prepareOwnOrderView(db: Db) {
  return db
    .select({ order: getTableColumns(orders), ...viewExtras() })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('own_order_view');
}

/** The extras of an order whose row is at hand, in one named statement. */
function prepareViewExtras(db: Db) {
  return db
    .select(viewExtras())
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_view_extras');
}

const ownOrderViews = new WeakMap<Db, ReturnType<typeof prepareOwnOrderView>>();
const viewExtrasStatements = new WeakMap<Db, ReturnType<typeof prepareViewExtras>>();

/**
 * One order of one user as they see it, with its row (the receipt needs the payment time), or
 * undefined: the user id is part of the query, never checked after.
 */
export async function findOwnOrderView(
  db: Db,
  userId: string,
  orderId: string,
): Promise<{ row: OrderRow; view: Order } | undefined> {
  let statement = ownOrderViews.get(db);
  if (!statement) {
    statement = prepareOwnOrderView(db);
    ownOrderViews.set(db, statement);
  }
  const [found] = await statement.execute({ orderId, userId });
  if (!found) return undefined;
  const { order: row, ...extras } = found;
  return { row, view: viewOf(row, extras) };
}

/** The order as its owner sees it: items, amounts, customer, address and review. */
export async function orderView(db: Db, row: OrderRow): Promise<Order> {
  let statement = viewExtrasStatements.get(db);
  if (!statement) {
    statement = prepareViewExtras(db);
    viewExtrasStatements.set(db, statement);
  }
  const [extras] = await statement.execute({ orderId: row.id });
  // An order deleted since its row was read (an account's deletion) has nothing beside it.
  return viewOf(row, extras ?? NOTHING_BESIDE);
}

/** The same view from rows already at hand (the checkout has them from its own writes). */
export function toOrderView(
  row: OrderRow,
  items: OrderItemView[],
  customerEmail: string | undefined,
  review: { rating: number; text: string; createdAt: Date } | undefined,
  refundedAmount = 0,
  promoCode: string | null = null,
  copies: OrderCopyView[] = [],
): Order {
  const address = row.shippingAddress ?? {};
  const lines = items
    .map((item) => {
      const metadata = item.metadata as { coverType?: CoverType; basePrice?: number };
      return {
        productKey: item.productKey,
        itemType: item.itemType,
        coverType: metadata.coverType ?? (item.productKey.includes('hardcover') ? 'hardcover' : 'softcover'),
        quantity: item.quantity,
        basePrice: metadata.basePrice ?? item.unitPrice,
        discountPercentage: item.discountPercentage,
        unitPrice: item.unitPrice,
        totalPrice: item.totalPrice,
      } as const;
    })
    // The book first, then the copies, whatever order the rows came back in.
    .sort((a, b) => (a.itemType === 'base_book' ? -1 : b.itemType === 'base_book' ? 1 : 0));
  const copyLine = lines.find((line) => line.itemType === 'grandparent_copy');
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    bookType: row.bookType,
    themeId: row.themeId,
    bookInstanceId: row.bookInstanceId,
    coverType: row.coverType,
    grandparentCopies: copyLine
      ? { count: copyLine.quantity, coverType: copyLine.coverType }
      : { count: 0, coverType: row.coverType === 'hardcover' ? 'softcover' : row.coverType },
    customer: {
      firstName: address.firstName ?? '',
      lastName: address.lastName ?? '',
      email: customerEmail ?? '',
      phone: address.phone ?? '',
    },
    shipping: {
      address: address.address ?? '',
      city: address.city ?? '',
      postalCode: address.postalCode ?? '',
      region: address.region ?? '',
      country: address.country ?? 'CH',
    },
    quote: {
      currency: 'CHF',
      lines,
      subtotal: row.subtotalAmount,
      promoCode,
      discount: row.discountAmount,
      shippingLevel: row.shippingLevel,
      parcels: [
        { copy: 0, country: address.country ?? 'CH' },
        ...copies.flatMap((copy) =>
          copy.shipTo ? [{ copy: copy.position, country: copy.shipTo.country }] : [],
        ),
      ].map((parcel) => ({
        ...parcel,
        shipping: shippingOffer(parcel.country, row.shippingLevel).priceCents,
      })),
      shipping: row.shippingAmount,
      taxRateBasisPoints: row.taxRateBasisPoints,
      tax: row.taxAmount,
      total: row.totalAmount,
    },
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    copyGifts: copies.map((copy) => ({
      ...copyGiftOf(copy),
      status: copy.status,
      trackingNumber: copy.trackingNumber,
      trackingUrl: copy.trackingUrl,
    })),
    language: languageOr(row.language),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentMethod: row.paymentMethod ?? null,
    printAfter: row.printJobId ? null : (row.printAfter?.toISOString() ?? null),
    refundedAmount,
    review: review ? { ...review, createdAt: review.createdAt.toISOString() } : null,
  };
}
