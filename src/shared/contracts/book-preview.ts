import { z } from 'zod';
import { LIMITS } from '../constants';
import { CHILD_GENDERS, MAX_COMPANIONS } from '../domain/cast';
import { dedicationProblems, normaliseSignature, signatureProblems } from '../domain/dedication';
import { LanguageSchema } from '../domain/language-schema';
import { BOOK_INSTANCE_STATUSES, BOOK_TYPES, COVER_TYPES, type CoverType } from '../domain/statuses';

/**
 * "Your book" (`/book/{bookInstanceId}`, issue 15): the whole book drawn before paying, read, changed
 * and approved. Routes (all owner-scoped: another account gets 404; state changes check the Origin):
 * - GET    /api/books/{id}                                  -> BookPreview
 * - GET    /api/books/{id}/pages/{position}/image?w=480|720|960|1600[&candidate=1][&binding=softcover|hardcover] -> image/webp
 * - PATCH  /api/books/{id}           BookTextsUpdate        -> BookPreview (new version, no redraw)
 * - POST   /api/books/{id}/pages/{position}/redraw  {}      -> 202 BookPreview (candidate 'drawing')
 * - POST   /api/books/{id}/pages/{position}/choose  ChooseRedraw -> BookPreview (new version)
 * - POST   /api/books/{id}/approve   ApproveBook            -> BookPreview (approvedVersion set)
 * - GET    /api/books/unpaid-count                          -> UnpaidBooksCount (the cart badge)
 * - GET    /api/books/{id}/cover-sheet?binding=softcover|hardcover&w=800|1600[&copy=n] -> image/webp
 *          (the whole cover as printed: back, spine, front, with the trim and folds marked)
 */

/** The pages of the reader, in reading order. */
const BOOK_PAGE_KINDS = ['front-cover', 'title', 'dedication', 'story', 'back-cover'] as const;

/**
 * The widths the image route serves (WebP, square pictures: height = width). 720 is a phone's page
 * (about 380 CSS px at 1.75–2 device pixels; issue 33: it took the 960, ~1.8× the bytes); 1200 the
 * same page at 3 device pixels (it took the 1600, ~1.8× the pixels).
 */
export const PREVIEW_IMAGE_WIDTHS = [480, 720, 960, 1200, 1600] as const;
export type PreviewImageWidth = (typeof PREVIEW_IMAGE_WIDTHS)[number];

/** The widths the cover sheet route serves (WebP; a sheet is about twice as wide as high). */
export const COVER_SHEET_WIDTHS = [800, 1600] as const;
export type CoverSheetWidth = (typeof COVER_SHEET_WIDTHS)[number];

/**
 * The address of a book's cover sheet for a binding (issue 31). `version` (the book's current
 * version) makes the address change with the words, so the browser may keep the picture; without
 * it the browser asks again each time.
 */
export function coverSheetUrl(
  bookInstanceId: string,
  binding: CoverType,
  width: CoverSheetWidth,
  { version, copy }: { version?: number | null; copy?: number | undefined } = {},
): string {
  return `/api/books/${encodeURIComponent(bookInstanceId)}/cover-sheet?binding=${binding}&w=${width}${
    copy ? `&copy=${copy}` : ''
  }${version ? `&v=${version}` : ''}`;
}

/** One web-sized rendition of a page's picture (for `srcset`: `${url} ${width}w`). */
const PreviewImageSchema = z
  .object({ width: z.number().int().positive(), url: z.string() })
  .meta({ id: 'PreviewImage' });
export type PreviewImage = z.infer<typeof PreviewImageSchema>;

/**
 * A page's picture at every width the image route serves: `base` is `/api/books` (the owner) or
 * `/api/admin/books` (the console), `tag` the picture's hash (its first 16 characters go in the
 * address, so a new picture is a new address the browser may keep).
 */
export function previewImages(
  base: string,
  bookId: string,
  position: number,
  tag: string,
  candidate = false,
): PreviewImage[] {
  return PREVIEW_IMAGE_WIDTHS.map((width) => ({
    width,
    url: `${base}/${bookId}/pages/${position}/image?w=${width}${candidate ? '&candidate=1' : ''}&v=${tag.slice(0, 16)}`,
  }));
}

/**
 * One page as it will print. `position` is the printed page: 0 the front cover, 1 the title page,
 * 2 the dedication, 3.. the story pages, the last one the back cover. Texts are real text, shown
 * beside (or over) the picture by the client; a page without picture has `images: []`.
 * - front-cover / title: `title`, `subtitle`; the picture is the cover art (a coloring book's
 *   title page shows its first story picture).
 * - dedication: `text` is the message, `signature` the signature (both may be '').
 * - story: `text` is the page's text, `storyPage` its number in the story (1..n).
 * - back-cover: `text` is the back cover's blurb; the picture is the toy's portrait.
 */
const BookPreviewPageSchema = z
  .object({
    position: z.number().int().nonnegative(),
    kind: z.enum(BOOK_PAGE_KINDS),
    storyPage: z.number().int().positive().nullable(),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    text: z.string(),
    signature: z.string().nullable(),
    /** Web-sized renditions, smallest first (empty: a page of text only). */
    images: z.array(PreviewImageSchema),
    /** "Draw this page again" is offered (story pages and the front cover). */
    redrawable: z.boolean(),
  })
  .meta({ id: 'BookPreviewPage' });
export type BookPreviewPage = z.infer<typeof BookPreviewPageSchema>;

/** A page drawn again, waiting for the parent to keep the old or the new picture. */
const RedrawCandidateSchema = z
  .object({
    position: z.number().int().nonnegative(),
    status: z.enum(['drawing', 'ready', 'failed']),
    /**
     * True when the new picture came out nearly the same as the one it would replace: it does not
     * use one of the book's redraws (issue 36).
     */
    free: z.boolean().optional(),
    /** The new picture's renditions once `ready` (empty before). */
    images: z.array(PreviewImageSchema),
  })
  .meta({ id: 'RedrawCandidate' });
export type RedrawCandidate = z.infer<typeof RedrawCandidateSchema>;

export const BookPreviewSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    bookType: z.enum(BOOK_TYPES),
    language: LanguageSchema,
    /** draft → rendering (drawing) → ready (read, change, approve) → fulfilled (paid); archived = failed. */
    status: z.enum(BOOK_INSTANCE_STATUSES),
    /** docs/spec.md's raw progress text (English data, translated by the client) and its percentage. */
    progress: z.object({ step: z.string().nullable(), percentage: z.number().int().min(0).max(100) }),
    /** The version the reader shows; null until the drawing is finished. */
    currentVersion: z.number().int().positive().nullable(),
    /** The approved version, or null; it may be older than the current one (then approve again). */
    approvedVersion: z.number().int().positive().nullable(),
    /** Paid: nothing can change any more. */
    paid: z.boolean(),
    /**
     * The lead's and the toy's names; `companions`, the names of the children beside the lead (issue
     * 35), only for a book of two or three children; `childGender`, the lead's, for the words that agree
     * with the child (issue 36), absent on a book that never said.
     */
    names: z.object({
      child: z.string(),
      childGender: z.enum(CHILD_GENDERS).optional(),
      toy: z.string(),
      companions: z.array(z.string()).optional(),
    }),
    dedication: z.object({ message: z.string(), signature: z.string() }),
    /** Reading order; empty until the drawing is finished. */
    pages: z.array(BookPreviewPageSchema),
    /** Present when the reader shows a gift copy of the order (its own dedication or language; read-only). */
    copy: z.number().int().positive().optional(),
    /** The binding of the book's order (chosen at checkout), or null before checkout: the cover sheet shown. */
    binding: z.enum(COVER_TYPES).nullable(),
    redraws: z.object({ used: z.number().int().nonnegative(), max: z.number().int().positive() }),
    candidates: z.array(RedrawCandidateSchema),
  })
  .meta({ id: 'BookPreview' });
export type BookPreview = z.infer<typeof BookPreviewSchema>;

const name = z.string().trim().min(1, 'required').max(40, 'at most 40 characters');

/** Changes of the texts before approval: any of them; pictures are reused, nothing is redrawn. */
export const BookTextsUpdateSchema = z
  .object({
    childName: name.optional(),
    toyName: name.optional(),
    /**
     * A cast's companions' names (issue 35, docs/decisions/030-siblings.md), in the cast's order, by
     * the lead's name's rules: one per child beside the lead (another count is refused).
     */
    companionNames: z.array(name).max(MAX_COMPANIONS).optional(),
    dedicationMessage: z
      .string()
      .refine(
        (value) => value === '' || dedicationProblems(value).length === 0,
        `at most ${LIMITS.dedicationMaxChars} characters, without emoji`,
      )
      .optional(),
    dedicationSignature: z
      .string()
      .transform(normaliseSignature)
      .refine(
        (value) => value === '' || signatureProblems(value).length === 0,
        `at most ${LIMITS.signatureMaxChars} characters on one line, without emoji`,
      )
      .optional(),
  })
  .meta({ id: 'BookTextsUpdate' });
export type BookTextsUpdate = z.infer<typeof BookTextsUpdateSchema>;

export const ChooseRedrawSchema = z.object({ picture: z.enum(['old', 'new']) }).meta({ id: 'ChooseRedraw' });
export type ChooseRedraw = z.infer<typeof ChooseRedrawSchema>;

/** "This is my book": approves `version`, which must be the current one. */
export const ApproveBookSchema = z
  .object({
    version: z.number().int().positive(),
    /** The parent asks for one e-mail after a day if they have not ordered it (issue 18). */
    remindMe: z.boolean().optional(),
  })
  .meta({ id: 'ApproveBook' });
export type ApproveBook = z.infer<typeof ApproveBookSchema>;

export const BookParamsSchema = z.object({ bookInstanceId: z.string().uuid('expected an id') });
/** The cover sheet of a binding at a width; `copy` a gift copy's own words; `v` only changes the address. */
export const CoverSheetQuerySchema = z.object({
  binding: z.enum(COVER_TYPES),
  w: z.coerce
    .number()
    .int()
    .refine((w): w is CoverSheetWidth => (COVER_SHEET_WIDTHS as readonly number[]).includes(w), {
      message: `one of ${COVER_SHEET_WIDTHS.join(', ')}`,
    })
    .default(800),
  copy: z.coerce.number().int().min(1).max(3).optional(),
  v: z.coerce.number().int().positive().optional(),
});

/** `?copy=n`: the reader shows gift copy n of the order (issue 18). */
export const BookPreviewQuerySchema = z.object({ copy: z.coerce.number().int().min(1).max(3).optional() });
export const BookPageParamsSchema = BookParamsSchema.extend({
  position: z.coerce.number().int().nonnegative(),
});
export const BookImageQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w): w is PreviewImageWidth => (PREVIEW_IMAGE_WIDTHS as readonly number[]).includes(w), {
      message: `one of ${PREVIEW_IMAGE_WIDTHS.join(', ')}`,
    })
    .default(960),
  /** `1`: the pending redraw's new picture instead of the current one. */
  candidate: z.enum(['0', '1']).default('0'),
  /** A gift copy's page (1..3): its words, in its language, on the picture (issue 31). */
  copy: z.coerce.number().int().min(1).max(3).optional(),
  /** The front cover on this binding until the book is paid (the reader's switch); then the order's. */
  binding: z.enum(COVER_TYPES).optional(),
  /** Cache key only (the picture's hash), ignored by the server. */
  v: z.string().max(64).optional(),
});

/** The top bar's cart badge: approved books not paid yet. */
export const UnpaidBooksCountSchema = z
  .object({ count: z.number().int().nonnegative() })
  .meta({ id: 'UnpaidBooksCount' });
