import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutContext, Order } from '../../../shared/contracts/checkout';
import { PriceUnavailableError, quoteOrder } from '../../../shared/domain/quote';
import type { BookInstanceStatus, BookType, CoverType, ProductKey } from '../../../shared/domain/statuses';
import type { Storage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import {
  bookInstances,
  books,
  characters,
  customers,
  orderItems,
  orders,
  productPricing,
  themes,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { orderView, type StoredAddress } from '../orders/repo';

export type CheckoutDeps = { db: Db; storage: Storage; taxRateBasisPoints: number; now: () => Date };
export type Buyer = { id: string; email: string };

/** What the buyer chose in the checkout, already checked by the shared schema. */
export type OrderChoice = {
  coverType: CoverType;
  grandparentCopies: { count: number; coverType: CoverType };
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shipping: { address: string; city: string; postalCode: string; country: StoredAddress['country'] };
  language: 'en' | 'fr';
};

type InstanceMetadata = {
  childName?: string;
  toyName?: string;
  permanentPaths?: { childPhoto?: string; generatedHero?: string };
};

/** The active prices, in cents: the single source of every amount (PRODUCT.md Money). */
export async function activePrices(db: Db) {
  const rows = await db
    .select({
      productKey: productPricing.productKey,
      basePrice: productPricing.basePrice,
      discountPercentage: productPricing.discountPercentage,
    })
    .from(productPricing)
    .where(eq(productPricing.isActive, true));
  return rows.map((row) => ({ ...row, productKey: row.productKey as ProductKey }));
}

async function findOwnInstance(db: Db, userId: string, bookInstanceId: string) {
  const [row] = await db
    .select({
      id: bookInstances.id,
      bookId: bookInstances.bookId,
      status: bookInstances.status,
      bookType: bookInstances.bookType,
      themeId: bookInstances.themeId,
      language: bookInstances.language,
      wizardMetadata: bookInstances.wizardMetadata,
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
  const metadata = instance.wizardMetadata as InstanceMetadata;
  const [[order], [user], prices] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.bookInstanceId, instance.id), eq(orders.userId, buyer.id)))
      .limit(1),
    deps.db.select({ name: users.name }).from(users).where(eq(users.id, buyer.id)),
    activePrices(deps.db),
  ]);
  const paid = order !== undefined && order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed';
  const display = (instance.themeImages as { src: string }[] | null)?.[0]?.src ?? null;
  return {
    bookInstance: {
      id: instance.id,
      status: instance.status as BookInstanceStatus,
      bookType: instance.bookType as BookType,
      themeId: instance.themeId,
      title: instance.title,
      childName: metadata.childName ?? '',
      toyName: metadata.toyName ?? '',
      language: instance.language === 'fr' ? 'fr' : 'en',
    },
    coverPreview: {
      heroCover: metadata.permanentPaths?.generatedHero ? `/api/book-instances/${instance.id}/cover` : null,
      bookDisplay: display,
    },
    prefill: { email: buyer.email, name: user?.name ?? '' },
    order: order && !paid ? await orderView(deps.db, order) : null,
    paidOrderId: order && paid ? order.id : null,
    pricing: { currency: 'CHF', prices, taxRateBasisPoints: deps.taxRateBasisPoints },
  };
}

/** The instance's hero cover image, for the checkout preview; only its owner gets it. */
export async function readCover(deps: CheckoutDeps, buyer: Buyer, bookInstanceId: string) {
  const instance = await findOwnInstance(deps.db, buyer.id, bookInstanceId);
  const key = (instance.wizardMetadata as InstanceMetadata).permanentPaths?.generatedHero;
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

function orderNumber(now: Date, attempt: number): string {
  const base = `BK-${now.getTime()}`;
  return attempt === 0 ? base : `${base}-${Math.floor(Math.random() * 9000) + 1000}`;
}

/**
 * Creates the order of a book instance (status pending, payment pending) with its items and
 * amounts, or updates the unpaid one it already has, in one transaction. Amounts come from the
 * shared quote over the active prices; nothing the client sends is a price.
 */
export async function saveOrder(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
  choice: OrderChoice,
): Promise<Order> {
  try {
    const orderId = await deps.db.transaction(async (tx) => {
      // Locking the instance makes two saves of one checkout take turns, so it keeps one order.
      const [instance] = await tx
        .select({
          id: bookInstances.id,
          themeId: bookInstances.themeId,
          bookType: bookInstances.bookType,
          status: bookInstances.status,
          wizardMetadata: bookInstances.wizardMetadata,
        })
        .from(bookInstances)
        .where(and(eq(bookInstances.id, bookInstanceId), eq(bookInstances.createdBy, buyer.id)))
        .for('update')
        .limit(1);
      if (!instance) throw notFound('Book instance');
      // An abandoned draft's photos and covers were dropped after 30 days (privacy page).
      if (instance.status === 'abandoned') {
        throw new AppError(
          'JOB_INVALID_STATE',
          'This book was not ordered within 30 days. Please make it again.',
        );
      }
      const [existing] = await tx
        .select()
        .from(orders)
        .where(eq(orders.bookInstanceId, instance.id))
        .limit(1);
      if (
        existing &&
        (existing.userId !== buyer.id || !['pending', 'failed'].includes(existing.paymentStatus))
      ) {
        throw new AppError('ORDER_ALREADY_PAID', 'This book has already been paid for.');
      }

      let quote: ReturnType<typeof quoteOrder>;
      try {
        quote = quoteOrder(
          await activePrices(tx),
          {
            coverType: choice.coverType,
            grandparentCopies: choice.grandparentCopies,
            country: choice.shipping.country,
          },
          { taxRateBasisPoints: deps.taxRateBasisPoints },
        );
      } catch (error) {
        if (error instanceof PriceUnavailableError) {
          throw new AppError('PRICE_UNAVAILABLE', 'This book cannot be ordered right now.', { cause: error });
        }
        throw error;
      }

      const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, buyer.id));
      const fullName = customerName(choice.customer, user?.name);
      const [customer] = await tx
        .insert(customers)
        .values({ email: choice.customer.email, fullName })
        .onConflictDoUpdate({ target: customers.email, set: { fullName } })
        .returning({ id: customers.id });

      const metadata = instance.wizardMetadata as InstanceMetadata;
      const childPhoto = metadata.permanentPaths?.childPhoto;
      const [character] = childPhoto
        ? await tx
            .select({ id: characters.id })
            .from(characters)
            .where(and(eq(characters.userId, buyer.id), eq(characters.photoPath, childPhoto)))
            .limit(1)
        : [];

      const address: StoredAddress = {
        firstName: choice.customer.firstName,
        lastName: choice.customer.lastName,
        phone: choice.customer.phone,
        ...choice.shipping,
      };
      const fields = {
        coverType: choice.coverType,
        customerId: customer!.id,
        characterId: character?.id ?? null,
        shippingAddress: address,
        wizardData: instance.wizardMetadata,
        language: choice.language,
        subtotalAmount: quote.subtotal,
        shippingAmount: quote.shipping,
        taxAmount: quote.tax,
        taxRateBasisPoints: quote.taxRateBasisPoints,
        totalAmount: quote.total,
        updatedAt: deps.now(),
      };

      let id = existing?.id;
      if (existing) {
        await tx.update(orders).set(fields).where(eq(orders.id, existing.id));
        await tx.delete(orderItems).where(eq(orderItems.orderId, existing.id));
      } else {
        for (let attempt = 0; !id && attempt < 5; attempt++) {
          const [inserted] = await tx
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
            .onConflictDoNothing({ target: orders.orderNumber })
            .returning({ id: orders.id });
          id = inserted?.id;
        }
        if (!id) throw new Error('no free order number');
      }
      await tx.insert(orderItems).values(
        quote.lines.map((line) => ({
          orderId: id!,
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
        })),
      );
      // Saving the order touches the draft, so retention counts its 30 days from the last visit.
      await tx
        .update(bookInstances)
        .set({ customerId: customer!.id, updatedAt: deps.now() })
        .where(and(eq(bookInstances.id, instance.id), eq(bookInstances.status, 'draft')));
      return id!;
    });
    const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    return orderView(deps.db, row!);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ORDER_CREATE_FAILED', 'Failed to create order. Please try again.', { cause: error });
  }
}

/** The checkout test page: an instance's status by id (anyone may ask; not in production). */
export async function lookupInstance(db: Db, id: string) {
  const [row] = await db
    .select({ id: bookInstances.id, status: bookInstances.status, createdAt: bookInstances.createdAt })
    .from(bookInstances)
    .where(eq(bookInstances.id, id));
  if (!row) throw notFound('Book instance');
  return { ...row, status: row.status as BookInstanceStatus, createdAt: row.createdAt.toISOString() };
}

/** The checkout test page: the five newest instances. */
export async function recentInstances(db: Db) {
  const rows = await db
    .select({ id: bookInstances.id, status: bookInstances.status, createdAt: bookInstances.createdAt })
    .from(bookInstances)
    .orderBy(sql`${bookInstances.createdAt} desc`)
    .limit(5);
  return rows.map((row) => ({
    ...row,
    status: row.status as BookInstanceStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}
