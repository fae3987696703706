import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { BOOK_TAX_CATEGORY, type TaxCategory } from '../../../shared/domain/pricing';
import { COUNTRIES, type Country, shopDate } from '../../../shared/domain/shipping';
import type { Db } from '../../db/client';
import { auditLog, taxRates } from '../../db/schema';

/** Where the tax rates come from: the dated table, unless TAX_RATE_BASIS_POINTS overrides them all. */
export type TaxSettings = { overrideBasisPoints: number | undefined };

/**
 * The VAT rate of an order to `country` on `at` (issue 18): the newest row of the country, at the
 * books' category (`reduced`, issue 32), whose `valid_from` is on or before that day in the shop's
 * calendar. A country without a row is a mistake of the data, not a free order: it throws.
 */
async function taxRateFor(db: Db, settings: TaxSettings, country: Country, at: Date) {
  if (settings.overrideBasisPoints !== undefined) return settings.overrideBasisPoints;
  const [row] = await db
    .select({ rate: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.country, country),
        eq(taxRates.category, BOOK_TAX_CATEGORY),
        lte(taxRates.validFrom, shopDate(at)),
      ),
    )
    .orderBy(desc(taxRates.validFrom))
    .limit(1);
  if (!row) throw new Error(`No tax rate for ${country} on ${shopDate(at)}`);
  return row.rate;
}

/**
 * `taxRateFor`'s table lookup as a scalar subquery (null when the country has no row), so a
 * statement that reads something else can read the rate in the same round trip (issue 19).
 */
export function taxRateSql(country: Country, at: Date) {
  return sql<number | null>`(
    select ${taxRates.rateBasisPoints} from ${taxRates}
    where ${taxRates.country} = ${country} and ${taxRates.category} = ${BOOK_TAX_CATEGORY}
      and ${taxRates.validFrom} <= ${shopDate(at)}
    order by ${taxRates.validFrom} desc limit 1)`;
}

/** Every country's rate on one day: the checkout quotes with it as the buyer changes country. */
export async function taxRatesOn(db: Db, settings: TaxSettings, at: Date): Promise<Record<Country, number>> {
  const rates = await Promise.all(COUNTRIES.map((country) => taxRateFor(db, settings, country, at)));
  return Object.fromEntries(COUNTRIES.map((country, index) => [country, rates[index]])) as Record<
    Country,
    number
  >;
}

/** The whole table, newest first per country and category: what the operator console lists. */
export async function listTaxRates(db: Db) {
  return db
    .select({
      id: taxRates.id,
      country: taxRates.country,
      category: taxRates.category,
      validFrom: taxRates.validFrom,
      rateBasisPoints: taxRates.rateBasisPoints,
    })
    .from(taxRates)
    .orderBy(taxRates.country, taxRates.category, desc(taxRates.validFrom));
}

/**
 * Sets a country's VAT rate of a category from a day on (an operator's act, in the audit log):
 * orders priced from that day use it when it is the books' category; orders already priced keep
 * theirs. A second rate for the same country, category and day replaces the first.
 */
export async function setTaxRate(
  db: Db,
  rate: { country: Country; category?: TaxCategory; validFrom: string; rateBasisPoints: number },
  actor: { id: string; email: string },
  reason = '',
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({ ...rate, category: rate.category ?? BOOK_TAX_CATEGORY })
      .onConflictDoUpdate({
        target: [taxRates.country, taxRates.category, taxRates.validFrom],
        set: { rateBasisPoints: rate.rateBasisPoints },
      })
      .returning();
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'set_tax_rate',
      reason,
      details: { ...rate, category: rate.category ?? BOOK_TAX_CATEGORY },
    });
    return row;
  });
}
