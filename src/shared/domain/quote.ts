import { MAX_COMPANIONS } from './cast';
import { discounted, mulDivHalfUp, type ActivePrice as Price } from './pricing';
import { type PromoDiscount, promoAmount } from './promo';
import { type ShippingLevel, shippingOffer } from './shipping';
import type { CoverType, OrderItemType, ProductKey } from './statuses';

/** Grandparent copies: 0 to 3, all of one cover type chosen apart from the main book's. */
export const GRANDPARENT_COPIES = { min: 0, max: 3 } as const;

/** Discount per grandparent copy, by number of copies (docs/product.md Money). */
export const GRANDPARENT_DISCOUNTS: Readonly<Record<1 | 2 | 3, number>> = { 1: 25, 2: 30, 3: 35 };

/** The tax rate every shop starts with: 7.7 %, in basis points (a setting, see config). */
export const DEFAULT_TAX_RATE_BASIS_POINTS = 770;

export type QuoteInput = {
  coverType: CoverType;
  grandparentCopies: { count: number; coverType: CoverType };
  country: string;
  /** Standard unless the buyer chose express (the same level for every parcel of the order). */
  shippingLevel?: ShippingLevel;
  /** A promo code the server found valid (never a client's word for its value). */
  promo?: PromoDiscount | undefined;
  /**
   * Grandparent copies sent to their own address (issue 18): one more parcel each, priced by its
   * country at the order's shipping level. Copies without an address travel with the book.
   */
  giftParcels?: readonly { copy: number; country: string }[];
  /**
   * The bilingual edition (docs/decisions/026-the-bilingual-edition.md): how many of the printed
   * books carry two languages (`bilingualBooks`); 0 or absent for a book in one language.
   */
  bilingualBooks?: number;
  /**
   * The children beside the lead (docs/decisions/030-siblings.md): 0 to 2, read by the server from
   * the book's personalisation (`extraChildCount`); 0 or absent for a book of one child.
   */
  extraChildren?: number;
};

/** One parcel of an order: the buyer's (position 0) or a gift copy's (its copy position 1..3). */
type QuoteParcel = { copy: number; country: string; shipping: number };

type QuoteLine = {
  productKey: ProductKey;
  itemType: OrderItemType;
  coverType: CoverType;
  quantity: number;
  /** Before the discount, per unit. */
  basePrice: number;
  discountPercentage: number;
  /** After the discount, per unit, rounded half up to the cent. */
  unitPrice: number;
  totalPrice: number;
};

export type Quote = {
  currency: 'CHF';
  lines: QuoteLine[];
  subtotal: number;
  /** The promo code applied, and the cents it took off the books (0 without one). */
  promoCode: string | null;
  discount: number;
  shippingLevel: ShippingLevel;
  /** Every parcel's shipping, the buyer's first; `shipping` is their sum. */
  parcels: QuoteParcel[];
  shipping: number;
  taxRateBasisPoints: number;
  tax: number;
  total: number;
};

/**
 * The books a bilingual edition prints in two languages: the book and every grandparent copy but
 * those printed in a language of their own (a gift copy in its language is printed in it alone).
 */
export function bilingualBookCount(
  bilingual: boolean,
  copies: { count: number; inOwnLanguage: number },
): number {
  return bilingual ? 1 + Math.max(0, copies.count - copies.inOwnLanguage) : 0;
}

/** A book or copy has no active price: nothing can be charged for it. */
export class PriceUnavailableError extends Error {
  constructor(readonly productKey: ProductKey) {
    super(`No active price for ${productKey}`);
    this.name = 'PriceUnavailableError';
  }
}

/** The discount of each grandparent copy for a number of copies (0 for none). */
export function grandparentDiscount(count: number): number {
  if (count <= 0) return 0;
  return GRANDPARENT_DISCOUNTS[Math.min(count, GRANDPARENT_COPIES.max) as 1 | 2 | 3];
}

const BOOK_KEY: Record<CoverType, ProductKey> = { softcover: 'softcover_book', hardcover: 'hardcover_book' };
const COPY_KEY: Record<CoverType, ProductKey> = {
  softcover: 'grandparent_softcover_copy',
  hardcover: 'grandparent_hardcover_copy',
};

function priceOf(prices: readonly Price[], coverType: CoverType): Price {
  const price = prices.find((candidate) => candidate.productKey === BOOK_KEY[coverType]);
  if (!price) throw new PriceUnavailableError(BOOK_KEY[coverType]);
  return price;
}

/**
 * The whole price of an order, in cents (docs/product.md Money): the book at its active price, the
 * grandparent copies at the base price of their cover minus 25/30/35 %, a promo code's discount off
 * the books, shipping by zone and level (standard or express) for the buyer's parcel and each gift
 * copy's own parcel, the bilingual edition and each extra child of the cast at their own prices, and tax on the discounted items plus shipping at the buyer's destination's rate, each rounded half up to the cent. The client shows it; the server charges it.
 */
export function quoteOrder(
  prices: readonly Price[],
  input: QuoteInput,
  options: { taxRateBasisPoints: number },
): Quote {
  const count = input.grandparentCopies.count;
  if (!Number.isInteger(count) || count < GRANDPARENT_COPIES.min || count > GRANDPARENT_COPIES.max) {
    throw new RangeError(`grandparent copies must be 0 to ${GRANDPARENT_COPIES.max}`);
  }
  const book = priceOf(prices, input.coverType);
  const lines: QuoteLine[] = [
    {
      productKey: book.productKey,
      itemType: 'base_book',
      coverType: input.coverType,
      quantity: 1,
      basePrice: book.basePrice,
      discountPercentage: book.discountPercentage,
      unitPrice: discounted(book.basePrice, book.discountPercentage),
      totalPrice: discounted(book.basePrice, book.discountPercentage),
    },
  ];
  if (count > 0) {
    const copyCover = input.grandparentCopies.coverType;
    const base = priceOf(prices, copyCover).basePrice;
    const discountPercentage = grandparentDiscount(count);
    const unitPrice = discounted(base, discountPercentage);
    lines.push({
      productKey: COPY_KEY[copyCover],
      itemType: 'grandparent_copy',
      coverType: copyCover,
      quantity: count,
      basePrice: base,
      discountPercentage,
      unitPrice,
      totalPrice: unitPrice * count,
    });
  }
  const bilingual = bilingualLine(prices, input);
  if (bilingual) lines.push(bilingual);
  const extra = extraChildLine(prices, input);
  if (extra) lines.push(extra);
  const subtotal = lines.reduce((sum, line) => sum + line.totalPrice, 0);
  const discount = input.promo ? promoAmount(input.promo, subtotal) : 0;
  const shippingLevel = input.shippingLevel ?? 'standard';
  const gifts = input.giftParcels ?? [];
  const positions = new Set(gifts.map((gift) => gift.copy));
  if (positions.size !== gifts.length || gifts.some((gift) => gift.copy < 1 || gift.copy > count)) {
    throw new RangeError('each gift parcel is one of the grandparent copies');
  }
  const parcels: QuoteParcel[] = [{ copy: 0, country: input.country }, ...gifts].map((parcel) => ({
    ...parcel,
    shipping: shippingOffer(parcel.country, shippingLevel).priceCents,
  }));
  const shipping = parcels.reduce((sum, parcel) => sum + parcel.shipping, 0);
  const tax = mulDivHalfUp(subtotal - discount + shipping, options.taxRateBasisPoints, 10_000);
  return {
    currency: 'CHF',
    lines,
    subtotal,
    promoCode: input.promo?.code ?? null,
    discount,
    shippingLevel,
    parcels,
    shipping,
    taxRateBasisPoints: options.taxRateBasisPoints,
    tax,
    total: subtotal - discount + shipping + tax,
  };
}

/** The bilingual edition's line: its active price once per book printed in two languages, or none. */
function bilingualLine(prices: readonly Price[], input: QuoteInput): QuoteLine | undefined {
  const books = input.bilingualBooks ?? 0;
  if (books === 0) return undefined;
  if (!Number.isInteger(books) || books < 0 || books > 1 + input.grandparentCopies.count) {
    throw new RangeError('the bilingual books are the book and its copies');
  }
  const price = prices.find((candidate) => candidate.productKey === 'bilingual_edition');
  if (!price) throw new PriceUnavailableError('bilingual_edition');
  const unitPrice = discounted(price.basePrice, price.discountPercentage);
  return {
    productKey: price.productKey,
    itemType: 'bilingual_edition',
    coverType: input.coverType,
    quantity: books,
    basePrice: price.basePrice,
    discountPercentage: price.discountPercentage,
    unitPrice,
    totalPrice: unitPrice * books,
  };
}

/**
 * The extra children's line: the active `extra_child` price once per child beside the lead, once per
 * order (the drawing is made once and every copy prints the same pictures), or none for one child.
 * A price of zero keeps the line at 0.00 so the receipts still name every child; the checkout says "free".
 */
function extraChildLine(prices: readonly Price[], input: QuoteInput): QuoteLine | undefined {
  const children = input.extraChildren ?? 0;
  if (children === 0) return undefined;
  if (!Number.isInteger(children) || children < 0 || children > MAX_COMPANIONS) {
    throw new RangeError(`extra children must be 0 to ${MAX_COMPANIONS}`);
  }
  const price = prices.find((candidate) => candidate.productKey === 'extra_child');
  if (!price) throw new PriceUnavailableError('extra_child');
  const unitPrice = discounted(price.basePrice, price.discountPercentage);
  return {
    productKey: price.productKey,
    itemType: 'extra_child',
    coverType: input.coverType,
    quantity: children,
    basePrice: price.basePrice,
    discountPercentage: price.discountPercentage,
    unitPrice,
    totalPrice: unitPrice * children,
  };
}
