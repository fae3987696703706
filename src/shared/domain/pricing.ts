import type { ProductKey } from './statuses';

export type ActivePrice = { productKey: ProductKey; basePrice: number; discountPercentage: number };

/** `amount * numerator / denominator`, rounded half up; exact in integers (no floating point). */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

/** Amount minus a whole-number percentage, rounded half up to the cent (the one discount formula). */
export function discounted(amount: number, percentage: number): number {
  return mulDivHalfUp(amount, 100 - percentage, 100);
}

/**
 * The products whose price the operator sets in the console (/admin/pricing), each change in the audit
 * log: the extra child of a cast (issue 35, docs/decisions/030-siblings.md), zero allowed.
 */
export const OPERATOR_PRICED_PRODUCTS = ['extra_child'] as const satisfies readonly ProductKey[];
export type OperatorPricedProduct = (typeof OPERATOR_PRICED_PRODUCTS)[number];
/** The most an operator may set a product's price to, in cents (CHF 1,000.00: a typo guard). */
export const MAX_OPERATOR_PRICE = 100_000;

const BOOK_KEYS: readonly ProductKey[] = ['softcover_book', 'hardcover_book'];

/** The lowest price of a book among the active prices, in cents ("from" on the product card). */
export function lowestBookPrice(prices: readonly ActivePrice[]): number | undefined {
  const books = prices.filter((price) => BOOK_KEYS.includes(price.productKey));
  if (books.length === 0) return undefined;
  return Math.min(...books.map((price) => discounted(price.basePrice, price.discountPercentage)));
}

/**
 * What one extra child of a cast costs, in cents (after its discount), or `undefined` when the shop
 * sells no extra child: the wizard says it where the parent adds a child (docs/decisions/030-siblings.md).
 */
export function extraChildPrice(prices: readonly ActivePrice[]): number | undefined {
  const price = prices.find((candidate) => candidate.productKey === 'extra_child');
  return price ? discounted(price.basePrice, price.discountPercentage) : undefined;
}

/**
 * The VAT rate categories of the dated table (issue 32): `reduced` is the rate printed books are
 * sold at (Switzerland's reduced rate, 2.6 % since 2024; in a country without one, its rate for
 * books), `standard` the country's normal rate (Switzerland 8.1 % since 2024), kept for what the
 * shop may sell that is not a book. Every line the shop sells today is a book or its shipping, and
 * shipping follows the books it carries: every order is at the books' category.
 */
export const TAX_CATEGORIES = ['reduced', 'standard'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
/** The category every order is taxed at: printed books (docs/decisions/028-catalogue-texts-cover-art-and-vat-categories.md). */
export const BOOK_TAX_CATEGORY: TaxCategory = 'reduced';
