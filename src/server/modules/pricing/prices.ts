import { asc, eq, inArray, sql } from 'drizzle-orm';
import { OPERATOR_PRICED_PRODUCTS, type OperatorPricedProduct } from '../../../shared/domain/pricing';
import type { ProductKey } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { auditLog, productPricing } from '../../db/schema';

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

/** The prices the operator sets in the console (the extra child's), whether on sale or not. */
export async function operatorPrices(db: Db) {
  const rows = await db
    .select({
      productKey: productPricing.productKey,
      basePrice: productPricing.basePrice,
      discountPercentage: productPricing.discountPercentage,
      isActive: productPricing.isActive,
      updatedAt: productPricing.updatedAt,
    })
    .from(productPricing)
    .where(inArray(productPricing.productKey, OPERATOR_PRICED_PRODUCTS))
    .orderBy(asc(productPricing.productKey));
  return rows.map((row) => ({
    ...row,
    productKey: row.productKey as OperatorPricedProduct,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Sets a product's price from now on (an operator's act, in the audit log with the price before):
 * zero is allowed and means the shop gives it. Orders already saved keep the amounts they were quoted.
 */
export async function setProductPrice(
  db: Db,
  price: { productKey: OperatorPricedProduct; basePrice: number },
  actor: { id: string; email: string },
  reason = '',
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ basePrice: productPricing.basePrice })
      .from(productPricing)
      .where(eq(productPricing.productKey, price.productKey))
      .for('update');
    const [row] = await tx
      .insert(productPricing)
      .values({ productKey: price.productKey, basePrice: price.basePrice })
      .onConflictDoUpdate({
        target: productPricing.productKey,
        set: { basePrice: price.basePrice, isActive: true, updatedAt: sql`now()` },
      })
      .returning();
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'set_product_price',
      reason,
      details: { ...price, previousBasePrice: before?.basePrice ?? null },
    });
    return row;
  });
}
