import { z } from 'zod';
import { LanguageSchema } from '../domain/language-schema';
import { BOOK_TYPES, PRODUCT_KEYS, parseBookType } from '../domain/statuses';

/** A book type from a URL: `colouring` is read as `coloring`; absent means storybook. */
export const BookTypeParamSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : (parseBookType(value) ?? value)),
  z.enum(BOOK_TYPES).default('storybook'),
);

const CatalogImageSchema = z
  .object({ src: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })
  .meta({ id: 'CatalogImage' });
export type CatalogImage = z.infer<typeof CatalogImageSchema>;

/**
 * A story's catalogue texts in one language, from its folder (src/server/stories/{id}/book.{lang}.json,
 * decision 028): a new story brings them without a locale file.
 */
const ThemeTextsSchema = z
  .object({
    title: z.string(),
    tagline: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    /** The alt text of each of `images`, in order. */
    gallery: z.array(z.string()),
  })
  .meta({ id: 'ThemeTexts' });
export type ThemeTexts = z.infer<typeof ThemeTextsSchema>;

export const ThemeSchema = z
  .object({
    id: z.string(),
    book: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
    bookTypes: z.array(z.enum(BOOK_TYPES)),
    ageMin: z.number().int(),
    ageMax: z.number().int(),
    images: z.array(CatalogImageSchema),
    /** Every language's texts (a few KB), so a change of language needs no new read. */
    texts: z.partialRecord(LanguageSchema, ThemeTextsSchema),
  })
  .meta({ id: 'Theme' });
export type Theme = z.infer<typeof ThemeSchema>;

export const ThemeListQuerySchema = z.object({ type: BookTypeParamSchema });
export const ThemeListSchema = z
  .object({ type: z.enum(BOOK_TYPES), themes: z.array(ThemeSchema) })
  .meta({ id: 'ThemeList' });
export type ThemeList = z.infer<typeof ThemeListSchema>;

export const ThemeParamsSchema = z.object({ themeId: z.string().max(100) });

export const PriceSchema = z
  .object({
    productKey: z.enum(PRODUCT_KEYS),
    basePrice: z.number().int().nonnegative().describe('cents'),
    discountPercentage: z.number().int().min(0).max(100),
  })
  .meta({ id: 'Price' });

export const PriceListSchema = z
  .object({ currency: z.literal('CHF'), prices: z.array(PriceSchema) })
  .meta({ id: 'PriceList' });
export type PriceList = z.infer<typeof PriceListSchema>;

/**
 * What parents said about a theme (issue 20): only real reviews of delivered orders, each approved
 * by an operator; the name is the buyer's first name and the initial of the last.
 */
const ThemeReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    name: z.string(),
    country: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ThemeReview' });
export type ThemeReview = z.infer<typeof ThemeReviewSchema>;
export const ThemeReviewListSchema = z
  .object({ reviews: z.array(ThemeReviewSchema) })
  .meta({ id: 'ThemeReviewList' });
export type ThemeReviewList = z.infer<typeof ThemeReviewListSchema>;
