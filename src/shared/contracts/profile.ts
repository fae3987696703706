import { z } from 'zod';
import { PROFILE_PAGE_SIZE } from '../constants';
import {
  BOOK_INSTANCE_STATUSES,
  BOOK_TYPES,
  COVER_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '../domain/statuses';
import { PageCursorSchema } from './common';

/** The signed-in user as the profile header shows them. */
export const ProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    /** The account picture (from Google or Microsoft), or null: the header then shows an initial. */
    image: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** The longest display name the profile accepts. */
export const DISPLAY_NAME_MAX_CHARS = 80;

/** The display name problems; each is the key of its text in the `profile` namespace's `name.problems`. */
export type DisplayNameProblem = 'nameRequired' | 'nameTooLong';
const nameProblem = (key: DisplayNameProblem) => key;

/** PATCH /api/profile: the caller's new display name (the profile header's form). */
export const DisplayNameUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, nameProblem('nameRequired'))
      .max(DISPLAY_NAME_MAX_CHARS, nameProblem('nameTooLong')),
  })
  .meta({ id: 'DisplayNameUpdate' });
export type DisplayNameUpdate = z.infer<typeof DisplayNameUpdateSchema>;

const BOOK_STAGES = ['drawing', 'to-approve', 'approved-unpaid', 'paid', 'failed', 'abandoned'] as const;
export type BookStage = (typeof BOOK_STAGES)[number];

/** One book of the user (My Books): its production state as stored by the pipeline. */
const ProfileBookSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    bookType: z.enum(BOOK_TYPES),
    status: z.enum(BOOK_INSTANCE_STATUSES),
    /** The raw progress text of docs/spec.md section 4 (English data; the client translates it). */
    currentStep: z.string().nullable(),
    progressPercentage: z.number().int().min(0).max(100),
    childName: z.string(),
    createdAt: z.string(),
    /**
     * The book's front cover as the parent approved it (the current version's, at the reader's
     * smallest size), or null while the book has no drawn version yet.
     */
    coverUrl: z.string().nullable(),
    /** Fulfilled books: how many pictures the gallery has, and whether the PDF can be downloaded. */
    imageCount: z.number().int().nonnegative(),
    pdfAvailable: z.boolean(),
    /**
     * Where the book is for the parent (issue 15): `drawing`, `to-approve` ("See your book"),
     * `approved-unpaid` ("Continue to payment"), `paid`, `failed` (Retry), `abandoned`.
     */
    stage: z.enum(BOOK_STAGES),
    /**
     * The paid order of the book and where it stands (printing, shipped, delivered), or null
     * before payment: My Books follows it until the parcel arrives (issue 36).
     */
    order: z.object({ id: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  })
  .meta({ id: 'ProfileBook' });
export type ProfileBook = z.infer<typeof ProfileBookSchema>;
export const ProfileBooksSchema = z
  .object({
    books: z.array(ProfileBookSchema),
    /** The next page's cursor, or null on the last page (and for a read by `ids`). */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ProfileBooks' });
export type ProfileBooks = z.infer<typeof ProfileBooksSchema>;

export { PROFILE_PAGE_SIZE };

/** GET /api/profile/orders: one page, newest first, after `cursor` when given. */
export const ProfilePageQuerySchema = z.object({
  cursor: PageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PROFILE_PAGE_SIZE.max).default(PROFILE_PAGE_SIZE.default),
});
export type ProfilePageQuery = z.input<typeof ProfilePageQuerySchema>;

const UUID_LIST = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){0,${PROFILE_PAGE_SIZE.max - 1}}$`,
);

/**
 * GET /api/profile/books: one page, or with `ids` (comma-separated, at most a page's worth) just
 * those of the caller's books, for reading again the books still being made.
 */
export const ProfileBooksQuerySchema = ProfilePageQuerySchema.extend({
  ids: z.string().regex(UUID_LIST, 'expected book ids separated by commas').optional(),
}).refine((query) => !(query.ids && query.cursor), {
  message: 'either a cursor or ids, not both',
  path: ['ids'],
});
export type ProfileBooksQuery = z.input<typeof ProfileBooksQuerySchema>;

/** A picture of a paid book as approved, served to its owner only. */
const GalleryImageSchema = z
  .object({ id: z.string(), url: z.string(), position: z.number().int(), templateName: z.string() })
  .meta({ id: 'GalleryImage' });
export const GallerySchema = z
  .object({ title: z.string(), images: z.array(GalleryImageSchema) })
  .meta({ id: 'Gallery' });
export type Gallery = z.infer<typeof GallerySchema>;

/** One order of the user (Orders tab), with the child it was made for. */
const ProfileOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    bookType: z.enum(BOOK_TYPES),
    coverType: z.enum(COVER_TYPES),
    themeId: z.string(),
    totalAmount: z.number().int(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    createdAt: z.string(),
    character: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }).nullable(),
    reviewed: z.boolean(),
  })
  .meta({ id: 'ProfileOrder' });
export type ProfileOrder = z.infer<typeof ProfileOrderSchema>;
export const ProfileOrdersSchema = z
  .object({
    orders: z.array(ProfileOrderSchema),
    /** The next page's cursor, or null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ProfileOrders' });
export type ProfileOrders = z.infer<typeof ProfileOrdersSchema>;

/** docs/spec.md retry-book-generation: `{ bookInstanceId }` → `{ success, message }`. */
export const RetryBookResultSchema = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'RetryBookResult' });

/**
 * `POST /api/auth/update-user` (better-auth's endpoint): the fields of the account it changes, each
 * checked before the database sees it, so no value (a null name, a number as the language) fails
 * the server (issue 34). Other fields are better-auth's to refuse or ignore.
 */
export const AccountUpdateSchema = z.object({
  name: DisplayNameUpdateSchema.shape.name.optional(),
  image: z.string().max(2048).nullable().optional(),
  language: z.enum(['en', 'fr']).optional(),
});
