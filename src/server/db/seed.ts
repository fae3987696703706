import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { books, productPricing, themes } from './schema';

/** The catalogue every shop starts with (docs/product.md Names and Money). Prices in cents. */
const CATALOGUE_SEED = {
  books: [{ slug: 'guardian-friend', title: 'My Guardian Friend' }],
  themes: [
    {
      id: 'guardian-friend',
      bookSlug: 'guardian-friend',
      bookTypes: ['storybook', 'coloring'],
      ageMin: 2,
      ageMax: 8,
      sortOrder: 0,
      // Original artwork made by scripts/make-artwork.ts, served from public/.
      images: [1, 2, 3, 4, 5].map((n) => ({
        src: `/catalog/themes/guardian-friend/gallery-${n}.webp`,
        width: 1200,
        height: 900,
      })),
    },
  ],
  prices: [
    { productKey: 'softcover_book', basePrice: 2999 },
    { productKey: 'hardcover_book', basePrice: 3999 },
  ],
} as const;

/**
 * Creates or updates the catalogue rows; safe to run on every start. Prices already in the
 * database are left alone so that a price changed by the shop owner survives a restart.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const book of CATALOGUE_SEED.books) {
      await tx
        .insert(books)
        .values(book)
        .onConflictDoUpdate({ target: books.slug, set: { title: book.title } });
    }
    for (const theme of CATALOGUE_SEED.themes) {
      const values = {
        id: theme.id,
        bookId: sql`(select id from ${books} where ${books.slug} = ${theme.bookSlug})`,
        bookTypes: [...theme.bookTypes],
        ageMin: theme.ageMin,
        ageMax: theme.ageMax,
        images: theme.images,
        sortOrder: theme.sortOrder,
      };
      await tx
        .insert(themes)
        .values(values as never)
        .onConflictDoUpdate({
          target: themes.id,
          set: {
            bookTypes: values.bookTypes,
            ageMin: values.ageMin,
            ageMax: values.ageMax,
            sortOrder: values.sortOrder,
          },
        });
    }
    for (const price of CATALOGUE_SEED.prices) {
      await tx
        .insert(productPricing)
        .values(price)
        .onConflictDoNothing({ target: productPricing.productKey });
    }
  });
}
