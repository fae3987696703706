import type { CheckoutContext, CopyGift, Order } from '../../../shared/contracts/checkout';
import { readPersonalisation, secondLanguageOf } from '../../../shared/domain/book-personalisation';
import { castOf, castWordsOf, extraChildCount } from '../../../shared/domain/cast';
import { type Language, languageOr } from '../../../shared/domain/languages';
import { isPaymentOpen } from '../../../shared/domain/orders';
import { bilingualBookCount, PriceUnavailableError, quoteOrder } from '../../../shared/domain/quote';
import type { ShippingLevel } from '../../../shared/domain/shipping';
import type { CoverType } from '../../../shared/domain/statuses';
import type { PaymentProvider } from '../../adapters/payments/index';
import type { Storage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import type { StoredAddress } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { bookTitle } from '../../stories/title';
import { approvalOf, payableVersion } from '../books/service';
import { type OrderRow, orderView, toOrderView, withCastOf } from '../orders/repo';
import { expireOpenSessions } from '../payments/service';
import { activePrices } from '../pricing/prices';
import { claimPromo, promoOf, recordPromoUse, releasePromo } from '../pricing/promo-codes';
import { type TaxSettings, taxRateSql, taxRatesOn } from '../pricing/tax-rates';
import type { CopyValues, ItemValues, OwnInstance } from './repository';
import * as repo from './repository';

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

/** The caller's instance, or 404 (another user's is not found either). */
async function ownInstance(db: Db, userId: string, bookInstanceId: string) {
  const row = await repo.findOwnInstance(db, userId, bookInstanceId);
  if (!row) throw notFound('Book instance');
  return row;
}

/** Everything the checkout page needs; another user's or an unknown book instance is 404. */
export async function checkoutContext(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
): Promise<CheckoutContext> {
  const instance = await ownInstance(deps.db, buyer.id, bookInstanceId);
  // Lenient: the page still shows for a book whose data lacks a part (the title falls back).
  const metadata = readPersonalisation(instance.wizardMetadata);
  const [order, userName, prices, taxRates] = await Promise.all([
    repo.findOrderOfOwnInstance(deps.db, buyer.id, instance.id),
    repo.findUserName(deps.db, buyer.id),
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
      childGender: metadata.childGender ?? null,
      cast: castWordsOf(metadata),
      toyName: metadata.toyName ?? '',
      language: languageOr(instance.language),
      approval: approvalOf(instance),
    },
    coverPreview: {
      heroCover: metadata.permanentPaths?.generatedHero ? `/api/book-instances/${instance.id}/cover` : null,
      bookDisplay: display,
    },
    prefill: { email: buyer.email, name: userName ?? '' },
    order: order && !paid ? await orderView(deps.db, order) : null,
    paidOrderId: order && paid ? order.id : null,
    pricing: {
      currency: 'CHF',
      prices,
      taxRates,
      promo: order && !paid ? await promoOf(deps.db, order.promoCodeId) : null,
      bilingual: isBilingual(instance),
      // The children beside the lead, each priced as an extra child (absent for a book of one child).
      ...(extraChildNamesOf(instance).length > 0 ? { extraChildren: extraChildNamesOf(instance) } : {}),
    },
  };
}

/** The instance's hero cover image, for the checkout preview; only its owner gets it. */
export async function readCover(deps: CheckoutDeps, buyer: Buyer, bookInstanceId: string) {
  const instance = await ownInstance(deps.db, buyer.id, bookInstanceId);
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

const alreadyPaid = () => new AppError('ORDER_ALREADY_PAID', 'This book has already been paid for.');

/** An unpaid order of the buyer's may be changed; anyone else's, or a paid one, is refused. */
function refusePaid(buyer: Buyer, order: { userId: string | null; paymentStatus: string } | undefined) {
  if (order && (order.userId !== buyer.id || !isPaymentOpen(order.paymentStatus))) throw alreadyPaid();
}

/** The refusals that the instance as read decides; the approved version the order pays for. */
function checkInstance(
  buyer: Buyer,
  instance: OwnInstance | undefined,
): { instance: OwnInstance; bookVersionId: string } {
  if (!instance) throw notFound('Book instance');
  // An abandoned draft's photos and covers were dropped after 30 days (privacy page).
  if (instance.status === 'abandoned') {
    throw new AppError(
      'JOB_INVALID_STATE',
      'This book was not ordered within 30 days. Please make it again.',
    );
  }
  refusePaid(buyer, instance.order ?? undefined);
  // Checkout pays for the book the parent approved, and only while it is the current version.
  return { instance, bookVersionId: payableVersion(instance) };
}

/** The book prints in two languages (the bilingual edition, docs/decisions/026-the-bilingual-edition.md). */
const isBilingual = (instance: { language: string; wizardMetadata: unknown }) =>
  secondLanguageOf(instance.language, readPersonalisation(instance.wizardMetadata)) !== undefined;

/**
 * The names of the children beside the lead (docs/decisions/030-siblings.md), read from the book's own
 * personalisation: the order is priced for them, whatever the request says.
 */
const extraChildNamesOf = (instance: { wizardMetadata: unknown }): string[] => {
  const metadata = readPersonalisation(instance.wizardMetadata);
  return castOf(metadata)
    .filter((member) => !member.lead)
    .slice(0, extraChildCount(metadata))
    .map((member) => member.name);
};

/** The gifts worth keeping and the quote, from the active prices and VAT rate read with the instance. */
function quoteChoice(
  deps: CheckoutDeps,
  choice: OrderChoice,
  instance: OwnInstance,
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
        bilingualBooks: bilingualBookCount(isBilingual(instance), {
          count: choice.grandparentCopies.count,
          inOwnLanguage: gifts.filter((gift) => gift.language !== null).length,
        }),
        extraChildren: extraChildCount(readPersonalisation(instance.wizardMetadata)),
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

const itemRowsOf = (quote: Quoted['quote']): ItemValues[] =>
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

const copyRowsOf = (gifts: Quoted['gifts']): CopyValues[] =>
  gifts.map((gift) => ({
    position: gift.position,
    shipTo: gift.shipTo,
    dedicationMessage: gift.dedication?.message ?? null,
    dedicationSignature: gift.dedication ? gift.dedication.signature : null,
    language: gift.language,
  }));

/** The order's customer: the buyer's account, the e-mail given and the name to keep with it. */
const customerOf = (buyer: Buyer, choice: OrderChoice, instance: OwnInstance): repo.CustomerOf => ({
  userId: buyer.id,
  email: choice.customer.email,
  fullName: customerName(choice.customer, instance.userName),
});

/** Saving the order renews a draft's last visit (retention counts from it); a later status is left. */
const touchesDraft = (instance: OwnInstance) => instance.status === 'draft' || instance.status === 'ready';

/** The order's choices and amounts, all from the server's quote. */
const pricedFields = (choice: OrderChoice, quote: Quoted['quote'], bookVersionId: string) => ({
  coverType: choice.coverType,
  shippingAddress: addressOf(choice),
  bookVersionId,
  language: choice.language,
  subtotalAmount: quote.subtotal,
  discountAmount: quote.discount,
  shippingLevel: quote.shippingLevel,
  shippingAmount: quote.shipping,
  taxAmount: quote.tax,
  taxRateBasisPoints: quote.taxRateBasisPoints,
  totalAmount: quote.total,
});

/**
 * The short way for a new order without a promo code (the common case, issue 19): a read, then one
 * statement that writes it all. Undefined when the book already has an order or the statement wrote
 * none (the instance changed since it was read, an order for it was committed meanwhile, or the
 * order number was taken): the caller then takes the transaction, which decides what applies.
 */
async function createWithoutTransaction(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
  choice: OrderChoice,
): Promise<Order | undefined> {
  const read = await repo.readOwnInstance(deps.db, buyer.id, bookInstanceId, {
    shape: deps.tax.overrideBasisPoints === undefined ? 'dated' : 'fixed',
    country: choice.shipping.country,
    now: deps.now(),
  });
  const { instance, bookVersionId } = checkInstance(buyer, read);
  if (instance.order) return undefined;
  const { gifts, quote } = quoteChoice(deps, choice, instance, undefined);
  const now = deps.now();
  const customer = customerOf(buyer, choice, instance);
  const written = await repo.insertOrderInOneStatement(deps.db, {
    userId: buyer.id,
    instance,
    customer,
    touch: touchesDraft(instance),
    now,
    orderNumber: orderNumber(now, 0),
    fields: pricedFields(choice, quote, bookVersionId),
    items: itemRowsOf(quote),
    copies: copyRowsOf(gifts),
  });
  if (!written) return undefined;
  return withCastOf(
    toOrderView(written.order, written.items, customer.email, undefined, 0, null, written.copies),
    instance.wizardMetadata,
    written.items,
  );
}

/**
 * The buyer's unpaid order changed: still unpaid at the write, not only when read (a payment may
 * have landed in between). Its open payment pages are closed and its items cleared; its review is
 * kept for the view.
 */
async function changeUnpaidOrder(
  deps: CheckoutDeps,
  buyer: Buyer,
  orderId: string,
  fields: repo.OrderFields,
) {
  const row = await repo.updateUnpaidOrder(deps.db, buyer.id, orderId, fields);
  if (!row) throw alreadyPaid();
  // A page opened before this change would charge the old amount: it is closed now, and the
  // next payment starts a page with the new one.
  await expireOpenSessions(deps, orderId, { strict: false });
  await repo.deleteOrderItems(deps.db, orderId);
  const review = await repo.findReview(deps.db, orderId);
  return { row, review };
}

/** Writes the order row, new or the unpaid one the book has; `updated` when it changed one. */
async function writeOrderRow(
  deps: CheckoutDeps,
  buyer: Buyer,
  instance: OwnInstance,
  fields: repo.OrderFields,
): Promise<{ row: OrderRow; review: Parameters<typeof toOrderView>[3]; updated: boolean }> {
  let row: OrderRow | undefined;
  let existingId = instance.order?.id;
  for (let attempt = 0; !existingId && !row && attempt < 5; attempt++) {
    // Any unique conflict skips the row: a taken order number, or an order for this book that a
    // concurrent save committed while this one waited for the lock (the join above read the
    // orders as they were before the wait).
    row = await repo.insertOrder(deps.db, {
      ...fields,
      userId: buyer.id,
      orderNumber: orderNumber(deps.now(), attempt),
      bookType: instance.bookType,
      themeId: instance.themeId,
      bookInstanceId: instance.id,
      status: 'pending',
      paymentStatus: 'pending',
    });
    if (!row && attempt === 0) {
      const existing = await repo.findOrderOfInstance(deps.db, instance.id);
      refusePaid(buyer, existing);
      existingId = existing?.id;
    }
  }
  if (existingId) return { ...(await changeUnpaidOrder(deps, buyer, existingId, fields)), updated: true };
  if (!row) throw new Error('no free order number');
  return { row, review: undefined, updated: false };
}

/**
 * A change, a promo code or a race: one transaction (`deps.db` is it), under the instance's lock,
 * which decides whether the order is made or changed.
 */
async function saveInTransaction(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
  choice: OrderChoice,
): Promise<Order> {
  const tx = deps.db;
  const taxRate =
    deps.tax.overrideBasisPoints === undefined ? taxRateSql(choice.shipping.country, deps.now()) : undefined;
  const locked = await repo.lockOwnInstance(tx, buyer.id, bookInstanceId, taxRate);
  const { instance, bookVersionId } = checkInstance(buyer, locked);
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
  const customerId = await repo.linkCustomer(tx, customerOf(buyer, choice, instance), {
    id: instance.id,
    touch: touchesDraft(instance),
    now: deps.now(),
  });
  const { row, review, updated } = await writeOrderRow(deps, buyer, instance, {
    ...pricedFields(choice, quote, bookVersionId),
    customerId,
    characterId: instance.characterId,
    promoCodeId: promo?.promoCodeId ?? null,
    updatedAt: deps.now(),
  });
  const orderId = row.id;
  // A new order has no promo use, items or copies yet: only an updated one clears its old ones.
  if (promo) {
    await recordPromoUse(tx, { promoCodeId: promo.promoCodeId, orderId, userId: buyer.id, now: deps.now() });
  } else if (updated) {
    await releasePromo(tx, orderId);
  }
  const items = await repo.insertOrderItems(tx, orderId, itemRowsOf(quote));
  if (updated) await repo.deleteOrderCopies(tx, orderId);
  const copies = await repo.insertOrderCopies(tx, orderId, copyRowsOf(gifts));
  // The rows just written are the order as it is at commit (the instance lock keeps others out).
  return withCastOf(
    toOrderView(row, items, choice.customer.email, review, 0, promo?.discount.code ?? null, copies),
    instance.wizardMetadata,
    items,
  );
}

/**
 * Creates the order of a book instance (status pending, payment pending) with its items and
 * amounts, or updates the unpaid one it already has. Amounts come from the shared quote over the
 * active prices; nothing the client sends is a price. A new order without a promo code (the
 * common case) costs two round trips (`createWithoutTransaction`); a change, a promo code or a
 * race takes one transaction (`saveInTransaction`).
 */
export async function saveOrder(
  deps: CheckoutDeps,
  buyer: Buyer,
  bookInstanceId: string,
  choice: OrderChoice,
): Promise<Order> {
  try {
    // A code is claimed under a lock in the transaction, before the price: no short way for it.
    const created = choice.promoCode
      ? undefined
      : await createWithoutTransaction(deps, buyer, bookInstanceId, choice);
    return (
      created ??
      (await deps.db.transaction((tx) =>
        saveInTransaction({ ...deps, db: tx }, buyer, bookInstanceId, choice),
      ))
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ORDER_CREATE_FAILED', 'Failed to create order. Please try again.', { cause: error });
  }
}

/** The checkout test page: an instance's status by id (anyone may ask; a demo shop only). */
export async function lookupInstance(db: Db, id: string) {
  const row = await repo.findInstanceStatus(db, id);
  if (!row) throw notFound('Book instance');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The checkout test page: the five newest instances. */
export async function recentInstances(db: Db) {
  const rows = await repo.newestInstances(db, 5);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
