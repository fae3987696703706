import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
function copyGiftOf(row: OrderCopyRow): CopyGift {
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

/** The order as its owner sees it: items, amounts, customer, address and review. */
export async function orderView(db: Db, row: OrderRow): Promise<Order> {
  const [items, [customer], [review], [refunded], [promo], copies] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.createdAt)),
    row.customerId
      ? db.select({ email: customers.email }).from(customers).where(eq(customers.id, row.customerId))
      : Promise.resolve([]),
    db
      .select({ rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.orderId, row.id)),
    db
      .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.orderId, row.id),
          inArray(paymentRefunds.reason, OWN_PAYMENT_REFUND_REASONS),
          eq(paymentRefunds.status, 'refunded'),
        ),
      ),
    row.promoCodeId
      ? db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, row.promoCodeId))
      : Promise.resolve([]),
    copyRowsOf(db, row.id),
  ]);
  const view = toOrderView(
    row,
    items,
    customer?.email,
    review,
    Number(refunded?.total ?? 0),
    promo?.code ?? null,
    copies,
  );
  const { cast, words } = await bookCast(db, row.bookInstanceId);
  const withCast = words ? { ...view, cast: words } : view;
  // Only an order that paid for extra children lists their names (one child's order is as before).
  if (!items.some((item) => item.itemType === 'extra_child')) return withCast;
  return { ...withCast, extraChildren: extraNamesOf(cast) };
}

/** The same view from rows already at hand (the checkout has them from its own writes). */
export function toOrderView(
  row: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  customerEmail: string | undefined,
  review: { rating: number; text: string; createdAt: Date } | undefined,
  refundedAmount = 0,
  promoCode: string | null = null,
  copies: OrderCopyRow[] = [],
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
