import { z } from 'zod';
import { LIMITS } from '../constants';
import { CHILD_GENDERS, CompanionsSchema } from './cast';
import { ChildLookSchema } from './child-look';
import { LanguageSchema } from './language-schema';
import type { Language } from './languages';
import { ToyLookSchema } from './toy-look';

/**
 * The book's personalisation (docs/spec.md `wizard_metadata`): what the wizard leaves on a book instance
 * and everything after it reads (production, checkout, titles, profile, reorders). The one schema of
 * the `book_instance.wizard_metadata` column. Its words (names, dedication) are the wizard's first
 * ones: once the book has a version, the version's words are read over them (docs/decisions/018,
 * src/server/book/words.ts).
 */

/** Storage keys (bucket `instances`) of the book's own copies of the wizard's four pictures. */
const BookPicturesSchema = z.object({
  childPhoto: z.string().min(1),
  toyPhoto: z.string().min(1),
  generatedHero: z.string().min(1),
  generatedToy: z.string().min(1),
});
export type BookPictures = z.infer<typeof BookPicturesSchema>;

export const BookPersonalisationSchema = z.object({
  childName: z.string().trim().min(1),
  childGender: z.enum(CHILD_GENDERS),
  childAge: z.number().int().min(LIMITS.childAgeOnRecord.min).max(LIMITS.childAgeOnRecord.max),
  consent: z.boolean().default(false),
  toyName: z.string().trim().min(1),
  dedicationMessage: z.string().default(''),
  dedicationSignature: z.string().default(''),
  permanentPaths: BookPicturesSchema,
  /** How the local illustrator draws the child; books made before it have none. */
  childLook: ChildLookSchema.optional(),
  /**
   * How the local illustrator draws the toy (docs/decisions/021-the-toy-drawn.md); books made before
   * it have none and are drawn with `defaultToyLook` (shared/domain/toy-look.ts).
   */
  toyLook: ToyLookSchema.optional(),
  /**
   * The approved covers' variants ("Make a new one" in the wizard), so the print-size covers are
   * drawn as approved; absent, or a kind absent, is the first cover (0).
   */
  coverVariants: z
    .object({ hero: z.number().int().min(0).optional(), toy: z.number().int().min(0).optional() })
    .optional(),
  /**
   * The bilingual edition (issue 32, docs/decisions/026-the-bilingual-edition.md): every page also
   * told in this language, under the book's own. Absent (every book before it): one language. Never
   * the book's own language (`secondLanguageOf` reads it so).
   */
  secondLanguage: LanguageSchema.optional(),
  /**
   * The children beside the lead (issue 35, docs/decisions/030-siblings.md, shared/domain/cast.ts):
   * absent or empty (every book before it) is a book of one child. `castOf` reads the whole cast.
   */
  companions: CompanionsSchema.optional(),
});
export type BookPersonalisation = z.infer<typeof BookPersonalisationSchema>;

/**
 * The book's second language, or undefined for a book in one language: a second language equal to
 * the book's own (a row written by hand, a wizard step saved before the shop's language changed) is
 * no second language, so nothing prints twice and nothing is charged for it.
 */
export function secondLanguageOf(
  language: string,
  personalisation: { secondLanguage?: Language | undefined } | null | undefined,
): Language | undefined {
  const second = personalisation?.secondLanguage;
  return second && second !== language ? second : undefined;
}

/** What a lenient reader gets: every field that is present and valid, the rest left out. */
export type PartialBookPersonalisation = Partial<Omit<BookPersonalisation, 'permanentPaths'>> & {
  permanentPaths?: Partial<BookPictures>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of `value` that `shape` accepts one by one (a bad field does not spoil the others). */
function validFields(shape: Record<string, z.ZodType>, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (value[key] === undefined) continue;
    const parsed = schema.safeParse(value[key]);
    if (parsed.success) fields[key] = parsed.data;
  }
  return fields;
}

/**
 * Reads a stored personalisation for a reader that can do with part of it (a title, a reorder's
 * prefill, the checkout's summary): anything missing or odd is left out, nothing throws.
 */
export function readPersonalisation(value: unknown): PartialBookPersonalisation {
  const { permanentPaths: _pictures, ...shape } = BookPersonalisationSchema.shape;
  const fields = validFields(shape, value) as PartialBookPersonalisation;
  const pictures = validFields(BookPicturesSchema.shape, isRecord(value) ? value.permanentPaths : undefined);
  return Object.keys(pictures).length > 0 ? { ...fields, permanentPaths: pictures } : fields;
}
