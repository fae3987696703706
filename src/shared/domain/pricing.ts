import type { ProductKey } from './statuses';

export type ActivePrice = { productKey: ProductKey; basePrice: number; discountPercentage: number };

const BOOK_KEYS: readonly ProductKey[] = ['softcover_book', 'hardcover_book'];

/** The lowest price of a book among the active prices, in cents ("from" on the product card). */
export function lowestBookPrice(prices: readonly ActivePrice[]): number | undefined {
  const books = prices.filter((price) => BOOK_KEYS.includes(price.productKey));
  if (books.length === 0) return undefined;
  return Math.min(
    ...books.map((price) => Math.round((price.basePrice * (100 - price.discountPercentage)) / 100)),
  );
}
