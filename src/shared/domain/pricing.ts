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

const BOOK_KEYS: readonly ProductKey[] = ['softcover_book', 'hardcover_book'];

/** The lowest price of a book among the active prices, in cents ("from" on the product card). */
export function lowestBookPrice(prices: readonly ActivePrice[]): number | undefined {
  const books = prices.filter((price) => BOOK_KEYS.includes(price.productKey));
  if (books.length === 0) return undefined;
  return Math.min(...books.map((price) => discounted(price.basePrice, price.discountPercentage)));
}
