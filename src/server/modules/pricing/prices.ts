import { asc, eq, sql } from 'drizzle-orm';
import type { ProductKey } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { productPricing } from '../../db/schema';

// The active prices, in cents: the single source of every amount (docs/product.md Money). Read in one
// place, as rows (the catalogue, the quote) or as a sub-select of a larger read (the checkout's).

export type PriceRow = { productKey: ProductKey; basePrice: number; discountPercentage: number };

/** The active prices, cheapest first. */
export function activePrices(db: Db): Promise<PriceRow[]> {
  return db
    .select({
      productKey: productPricing.productKey,
      basePrice: productPricing.basePrice,
      discountPercentage: productPricing.discountPercentage,
    })
    .from(productPricing)
    .where(eq(productPricing.isActive, true))
    .orderBy(asc(productPricing.basePrice));
}

/** The same rows as a JSON array, for a statement that reads them with other things. */
export const activePricesJson = () =>
  sql<PriceRow[]>`(
    select coalesce(json_agg(json_build_object(
      'productKey', ${productPricing.productKey},
      'basePrice', ${productPricing.basePrice},
      'discountPercentage', ${productPricing.discountPercentage}) order by ${productPricing.basePrice}), '[]'::json)
    from ${productPricing} where ${productPricing.isActive})`;
