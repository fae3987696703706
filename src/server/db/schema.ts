import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GiftAddress } from '../../shared/contracts/checkout';
import type { BookPersonalisation } from '../../shared/domain/book-personalisation';
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/domain/payment-methods';
import { TAX_CATEGORIES, type TaxCategory } from '../../shared/domain/pricing';
import { PROMO_KINDS, type PromoKind } from '../../shared/domain/promo';
import { COUNTRIES, type Country, SHIPPING_LEVELS, type ShippingLevel } from '../../shared/domain/shipping';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  BOOK_INSTANCE_STATUSES,
  BOOK_TYPES,
  type BookInstanceStatus,
  type BookType,
  COPY_STATUSES,
  COVER_TYPES,
  type CopyStatus,
  type CoverType,
  ORDER_ITEM_TYPES,
  ORDER_STATUSES,
  type OrderItemType,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PRINT_REVIEW_STATES,
  PRODUCT_KEYS,
  type PrintReviewState,
  type ProductKey,
  REFUND_REASONS,
  type RefundReason,
  SPREAD_STATUSES,
  type SpreadStatus,
  USER_ROLES,
  type UserRole,
  WIZARD_SESSION_STATUSES,
  WIZARD_STEP_TYPES,
  type WizardSessionStatus,
  type WizardStepType,
} from '../../shared/domain/statuses';
import { LANGUAGES, type Language } from '../../shared/i18n';
import { DRAWING_QUEUE_NAMES } from './job-queues';

/** What an order keeps of the checkout's step 2 (the customer's e-mail lives on the customer). */
export type StoredAddress = {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  /** The state of a US address (USPS code); absent or empty elsewhere and on older orders. */
  region?: string;
  country: Country;
};

/** A CHECK that a text column holds one of the shared literals (statuses are checked enums). */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const languageCodes = LANGUAGES.map((language) => language.code);

// Accounts. The shape is the one better-auth expects (issue 4 adds its session, account and
// verification tables); every user-owned row below points here.
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    // The language the user reads the shop in: their e-mails are written in it.
    language: text('language').$type<Language>().notNull().default('en'),
    // docs/product.md Operators: `admin` opens /admin (also granted by ADMIN_EMAILS or `npm run admin`).
    role: text('role').$type<UserRole>().notNull().default('customer'),
    // Issue 18: the parent agreed to one e-mail about a book approved but not paid after a day; the
    // token of the one-click opt-out link (random, made when they agree).
    bookReminders: boolean('book_reminders').notNull().default(false),
    remindersToken: text('reminders_token').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_language', oneOf(t.language, languageCodes)),
    check('user_role', oneOf(t.role, USER_ROLES)),
  ],
);

// better-auth's own tables (sessions in httpOnly cookies, linked accounts, one-time tokens, limits).
export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/**
 * When each account's sessions were last ended (sign-out, password change or reset, sign out
 * everywhere, deletion): written by a trigger on every deleted `session` row (migration 0020), read
 * by each API process so a signed session copy issued before it is checked against the database
 * (docs/decisions/019). No foreign key: the row outlives a deleted account, whose copies it ends.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    /** The hex SHA-256 of the account id (revocations.ts `accountKey`): no row names an account. */
    userId: text('user_id').primaryKey(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_revocations_revoked_at_idx').on(t.revokedAt)],
);

/**
 * When what a signed-in parent's kept answers show last changed, per account (docs/decisions/031):
 * written at commit by triggers on the account, its books, their versions and pictures, and its
 * orders' payment and status (migration 0031), whichever process wrote; `*` for a catalogue book
 * (its title is on every card). Each API process reads the rows since its last read and stops
 * answering from memory for those accounts (modules/auth/kept-answers.ts).
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    /** The hex SHA-256 of the account id (revocations.ts `accountKey`), or `*` for every account. */
    accountKey: text('account_key').primaryKey(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_changes_changed_at_idx').on(t.changedAt)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('account_user_idx').on(t.userId),
    unique('account_provider_account').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** One row per failed e-mail sign-in, for the per-account limit (10 per 15 minutes). */
export const failedSignIns = pgTable(
  'failed_sign_in',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('failed_sign_in_email_idx').on(t.email, t.createdAt)],
);

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  avatarUrl: text('avatar_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const books = pgTable('book', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  createdAt: createdAt(),
});

export const themes = pgTable(
  'themes',
  {
    id: text('id').primaryKey(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    bookTypes: text('book_types').array().$type<BookType[]>().notNull(),
    ageMin: integer('age_min').notNull(),
    ageMax: integer('age_max').notNull(),
    // Catalogue artwork of the theme (public files), first one on the theme card: [{ src, width, height }].
    images: jsonb('images').$type<{ src: string; width: number; height: number }[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('themes_id_format', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('themes_age_range', sql`${t.ageMin} >= 0 and ${t.ageMin} <= ${t.ageMax}`),
    check(
      'themes_book_types',
      sql`${t.bookTypes} <@ array[${sql.raw(BOOK_TYPES.map((type) => `'${type}'`).join(', '))}]::text[]`,
    ),
    index('themes_book_idx').on(t.bookId),
  ],
);

/**
 * The buyer's details of an account's checkouts: one row per account and e-mail (issue 16), so no
 * account can rename another's, and deleting an account touches only its own rows. Rows from
 * before (shared by e-mail) whose books belonged to several accounts keep `userId` null.
 */
export const customers = pgTable(
  'customer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_user_email_idx').on(t.userId, t.email),
    // The operator console finds orders by e-mail, and by the start of a name.
    index('customer_email_idx').on(t.email),
    index('customer_name_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    // ...and by the start of any word of a name (issue 37: `admin/repo.ts` searchCondition).
    index('customer_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.fullName})`),
  ],
);

export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // A storage key, never a public URL: a child's photo is served only to its owner (docs/product.md).
    photoPath: text('photo_path'),
    createdAt: createdAt(),
  },
  (t) => [index('characters_user_idx').on(t.userId, t.createdAt)],
);

export const bookInstances = pgTable(
  'book_instance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    themeId: text('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'restrict' }),
    bookType: text('book_type').$type<BookType>().notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').$type<BookInstanceStatus>().notNull().default('draft'),
    language: text('language').$type<Language>().notNull().default('en'),
    // The book's personalisation (src/shared/domain/book-personalisation.ts), written by the wizard.
    // The '{}' default is the table's since its first migration; every insert gives the full value.
    wizardMetadata: jsonb('wizard_metadata').$type<BookPersonalisation>().notNull().default(sql`'{}'::jsonb`),
    currentStep: text('current_step'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The lease on finishing a book (cover picture, print files, printer): one worker at a time.
    finishingBy: text('finishing_by'),
    finishingUntil: timestamp('finishing_until', { withTimezone: true }),
    // When the retention job removed the original photos and then the derived images (docs/product.md),
    // so that each run only looks at books it has not cleaned yet.
    photosDeletedAt: timestamp('photos_deleted_at', { withTimezone: true }),
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    // The version the reader shows and the one the parent approved ("This is my book", issue 15):
    // checkout pays only when both are the same version. No action on delete: deleting a book
    // deletes its versions with it (a set-null here would update the row being deleted); whoever
    // deletes versions alone (retention) clears these first.
    currentVersionId: uuid('current_version_id').references((): AnyPgColumn => bookVersions.id),
    approvedVersionId: uuid('approved_version_id').references((): AnyPgColumn => bookVersions.id),
    // The one "your book is waiting" e-mail was queued then (issue 18): never a second.
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    // When print-book stored the interior PDF: My Books offers the download from this (and
    // images_deleted_at), never by asking the storage per book (issue 19).
    interiorStoredAt: timestamp('interior_stored_at', { withTimezone: true }),
  },
  (t) => [
    check('book_instance_status', oneOf(t.status, BOOK_INSTANCE_STATUSES)),
    check('book_instance_book_type', oneOf(t.bookType, BOOK_TYPES)),
    check('book_instance_language', oneOf(t.language, languageCodes)),
    check('book_instance_progress', sql`${t.progressPercentage} between 0 and 100`),
    // My Books: the owner's books newest first, keyset pages on (created_at, id) (issue 19).
    index('book_instance_owner_idx').on(t.createdBy, t.createdAt, t.id),
    // Every foreign key, so a delete or a join from the other side reads no whole table (issue 19).
    index('book_instance_book_idx').on(t.bookId),
    index('book_instance_theme_idx').on(t.themeId),
    index('book_instance_customer_idx').on(t.customerId),
    index('book_instance_current_version_idx').on(t.currentVersionId),
    index('book_instance_approved_version_idx').on(t.approvedVersionId),
    // The retention run: unpaid books untouched for 30 days.
    index('book_instance_status_updated_idx').on(t.status, t.updatedAt),
  ],
);

export const wizardSessions = pgTable(
  'wizard_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    themeId: text('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'restrict' }),
    bookType: text('book_type').$type<BookType>().notNull(),
    status: text('status').$type<WizardSessionStatus>().notNull().default('active'),
    // Set when the wizard is completed, so completing twice gives the same book instance.
    bookInstanceId: uuid('book_instance_id').references((): AnyPgColumn => bookInstances.id, {
      onDelete: 'set null',
    }),
    // A wizard started from an earlier book ("Reorder", "Make Sibling Version"): where it came from
    // (`character:{id}`, `clone:{id}`) and what was prefilled, so reloading the same address resumes it.
    prefillSource: text('prefill_source'),
    prefill: jsonb('prefill'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('wizard_sessions_id_format', sql`${t.sessionId} ~ '^wizard_[0-9]+_[a-z0-9]+$'`),
    check('wizard_sessions_status', oneOf(t.status, WIZARD_SESSION_STATUSES)),
    check('wizard_sessions_book_type', oneOf(t.bookType, BOOK_TYPES)),
    index('wizard_sessions_user_idx').on(t.userId),
    index('wizard_sessions_book_instance_idx').on(t.bookInstanceId),
    index('wizard_sessions_theme_idx').on(t.themeId),
  ],
);

export const wizardSessionData = pgTable(
  'wizard_session_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => wizardSessions.sessionId, { onDelete: 'cascade' }),
    stepNumber: integer('step_number').notNull(),
    stepType: text('step_type').$type<WizardStepType>().notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wizard_session_data_session_step').on(t.sessionId, t.stepNumber),
    check(
      'wizard_session_data_step_number',
      sql`${t.stepNumber} between 1 and ${sql.raw(String(WIZARD_STEP_TYPES.length))}`,
    ),
    // Step N always has the N-th step type, so a row can never claim the wrong kind of data.
    check(
      'wizard_session_data_step_type',
      sql`${t.stepType} = (array[${sql.raw(WIZARD_STEP_TYPES.map((type) => `'${type}'`).join(', '))}])[${t.stepNumber}]`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Nullable: a deleted account's orders are kept for accounting, anonymised (docs/product.md).
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull().unique(),
    bookType: text('book_type').$type<BookType>().notNull(),
    themeId: text('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    currency: text('currency').notNull().default('CHF'),
    subtotalAmount: integer('subtotal_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    // An anonymised order keeps only the country (profile/repo.ts); older orders have no region.
    shippingAddress: jsonb('shipping_address').$type<Partial<StoredAddress>>(),
    // The promo code applied and the cents it took off the books (issue 18); 0 without a code.
    promoCodeId: uuid('promo_code_id').references((): AnyPgColumn => promoCodes.id, { onDelete: 'restrict' }),
    discountAmount: integer('discount_amount').notNull().default(0),
    // Standard or express (issue 18): the printer is asked for the matching level.
    shippingLevel: text('shipping_level').$type<ShippingLevel>().notNull().default('standard'),
    bookInstanceId: uuid('book_instance_id').references(() => bookInstances.id, { onDelete: 'set null' }),
    // The approved version of the book the order pays for; printing builds exactly that one.
    bookVersionId: uuid('book_version_id').references((): AnyPgColumn => bookVersions.id, {
      onDelete: 'set null',
    }),
    coverType: text('cover_type').$type<CoverType>().notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    characterId: uuid('character_id').references(() => characters.id, { onDelete: 'set null' }),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    // The printer's id of the print job, once the files were handed over (production).
    printJobId: text('print_job_id'),
    // The rate the tax was computed with, so an order keeps its figures when the setting changes.
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    language: text('language').$type<Language>().notNull().default('en'),
    paymentSessionId: text('payment_session_id'),
    // How the order was paid: card or TWINT (issue 32), when the provider said so.
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Set when the printer reports the order delivered: the retention periods count from it.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // An operator held the order: it is not handed to the printer until released (issue 17).
    heldAt: timestamp('held_at', { withTimezone: true }),
    // The end of the grace period after payment (PRINT_GRACE_MINUTES, issue 36): the book goes to
    // the printer no sooner; until then the parent may cancel or change the address.
    printAfter: timestamp('print_after', { withTimezone: true }),
    // Review before print: the paid book waits for an operator's look (REVIEW_BEFORE_PRINT).
    printReview: text('print_review').$type<PrintReviewState>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_order_number_format', sql`${t.orderNumber} ~ '^BK-[0-9]+(-[0-9]+)?$'`),
    check('orders_status', oneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_status', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('orders_book_type', oneOf(t.bookType, BOOK_TYPES)),
    check('orders_cover_type', oneOf(t.coverType, COVER_TYPES)),
    check('orders_shipping_level', oneOf(t.shippingLevel, SHIPPING_LEVELS)),
    check('orders_language', oneOf(t.language, languageCodes)),
    check(
      'orders_payment_method',
      sql`${t.paymentMethod} is null or ${oneOf(t.paymentMethod, PAYMENT_METHODS)}`,
    ),
    check(
      'orders_amounts',
      sql`${t.subtotalAmount} >= 0 and ${t.shippingAmount} >= 0 and ${t.taxAmount} >= 0 and ${t.totalAmount} >= 0 and ${t.discountAmount} between 0 and ${t.subtotalAmount}`,
    ),
    // The profile's Orders: the owner's orders newest first, keyset pages on (created_at, id).
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
    // The operator console's list (issue 17): newest first with keyset pagination, per filter.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_payment_status_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('orders_country_created_idx').on(sql`(${t.shippingAddress}->>'country')`, t.createdAt, t.id),
    index('orders_customer_idx').on(t.customerId),
    index('orders_paid_idx').on(t.paidAt),
    index('orders_theme_idx').on(t.themeId),
    index('orders_character_idx').on(t.characterId),
    index('orders_book_version_idx').on(t.bookVersionId),
    index('orders_promo_code_idx').on(t.promoCodeId),
    // The retention runs count from the delivery.
    index('orders_delivered_idx').on(t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
    check(
      'orders_print_review',
      sql`${t.printReview} is null or ${oneOf(t.printReview, PRINT_REVIEW_STATES)}`,
    ),
    index('orders_review_waiting_idx').on(t.createdAt, t.id).where(sql`${t.printReview} = 'waiting'`),
    // The console's overview (issue 37): the held orders, and the paid orders not yet shipped.
    index('orders_held_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    index('orders_unshipped_paid_idx').on(t.paidAt).where(sql`${t.status} in ('processing', 'printing')`),
    // One order per book instance: going back in the checkout updates it instead of adding one.
    uniqueIndex('orders_book_instance_idx').on(t.bookInstanceId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productKey: text('product_key').$type<ProductKey>().notNull(),
    itemType: text('item_type').$type<OrderItemType>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    totalPrice: integer('total_price').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_items_product_key', oneOf(t.productKey, PRODUCT_KEYS)),
    check('order_items_item_type', oneOf(t.itemType, ORDER_ITEM_TYPES)),
    check('order_items_quantity', sql`${t.quantity} > 0`),
    check('order_items_amounts', sql`${t.unitPrice} >= 0 and ${t.totalPrice} >= 0`),
    check('order_items_discount', sql`${t.discountPercentage} between 0 and 100`),
    index('order_items_order_idx').on(t.orderId),
  ],
);

/**
 * The grandparent copies that are gifts (issue 18): a copy with its own address is its own parcel
 * and print job (`print_job_id`, tracking, delivery apart from the book); its own dedication or
 * language makes its own interior PDF. Copies not listed are printed and shipped with the book.
 */
export const orderCopies = pgTable(
  'order_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1..3, the copy's place among the order's grandparent copies. */
    position: integer('position').notNull(),
    /** The recipient's name and address (a GiftAddress), or null: with the buyer's parcel. */
    shipTo: jsonb('ship_to').$type<GiftAddress | null>(),
    dedicationMessage: text('dedication_message'),
    dedicationSignature: text('dedication_signature'),
    language: text('language').$type<Language>(),
    status: text('status').$type<CopyStatus>().notNull().default('pending'),
    printJobId: text('print_job_id'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_copies_position', sql`${t.position} between 1 and 3`),
    check('order_copies_status', oneOf(t.status, COPY_STATUSES)),
    check('order_copies_language', sql`${t.language} is null or ${oneOf(t.language, languageCodes)}`),
    uniqueIndex('order_copies_order_position').on(t.orderId, t.position),
  ],
);

export const productPricing = pgTable(
  'product_pricing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productKey: text('product_key').$type<ProductKey>().notNull().unique(),
    basePrice: integer('base_price').notNull(),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    currency: text('currency').notNull().default('CHF'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_pricing_product_key', oneOf(t.productKey, PRODUCT_KEYS)),
    check('product_pricing_base_price', sql`${t.basePrice} >= 0`),
    check('product_pricing_discount', sql`${t.discountPercentage} between 0 and 100`),
  ],
);

/**
 * VAT by destination country, as dated data (issue 18): an order's rate is the newest row of its
 * country whose `valid_from` is on or before the order's date. Seeded with Switzerland's rate for
 * printed books (2.5 % from 2011, 2.6 % from 2024, migration 0023) and docs/spec.md's 7.7 % for every
 * other country; an operator adds a row in the console; TAX_RATE_BASIS_POINTS overrides them all.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').$type<Country>().notNull(),
    /** Which rate of the country: books are at `reduced` (shared/domain/pricing.ts TAX_CATEGORIES). */
    category: text('category').$type<TaxCategory>().notNull().default('reduced'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tax_rates_country_category_from').on(t.country, t.category, t.validFrom),
    check('tax_rates_country', oneOf(t.country, COUNTRIES)),
    check('tax_rates_category', oneOf(t.category, TAX_CATEGORIES)),
    check('tax_rates_rate', sql`${t.rateBasisPoints} between 0 and 10000`),
  ],
);

/** Promo codes made by operators (issue 18): a percentage or an amount off the books. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<PromoKind>().notNull(),
    // A percentage (1 to 100) or cents.
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    // Null: no limit. Each order that holds the code counts, paid or waiting for payment.
    maxUses: integer('max_uses'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(true),
    // An operator ended the code: it is refused from then on (orders that hold it keep their price).
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('promo_codes_kind', oneOf(t.kind, PROMO_KINDS)),
    check(
      'promo_codes_value',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} > 0)`,
    ),
    check('promo_codes_max_uses', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);

/**
 * One use of a code by one order, written with the order (so the uses are counted under the code's
 * lock); a code once per customer has one use per account.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
    index('promo_redemptions_user_idx').on(t.userId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    // Issue 20: a review shows on its theme's page once an operator approved it in the console.
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    index('reviews_approved_idx').on(t.approvedAt),
    check('reviews_text', sql`length(trim(${t.text})) > 0`),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    // The console's two lists, a keyset page each (issue 19).
    index('reviews_waiting_page_idx').on(t.createdAt, t.id).where(sql`${t.approvedAt} is null`),
    index('reviews_shown_page_idx').on(t.createdAt, t.id).where(sql`${t.approvedAt} is not null`),
  ],
);

export const spreads = pgTable(
  'spreads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookInstanceId: uuid('book_instance_id')
      .notNull()
      .references(() => bookInstances.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    templateName: text('template_name').notNull(),
    status: text('status').$type<SpreadStatus>().notNull().default('pending'),
    content: jsonb('content').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A per-spread lease (production): the worker illustrating it and until when, so two workers
    // never draw the same page at once and a page left by a dead worker is taken up again.
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    unique('spreads_instance_position').on(t.bookInstanceId, t.position),
    check('spreads_position', sql`${t.position} >= 0`),
    check('spreads_status', oneOf(t.status, SPREAD_STATUSES)),
  ],
);

/** The texts of a book version: the names, the dedication and the words printed with them. */
export type BookVersionTexts = {
  childName: string;
  toyName: string;
  /**
   * The names of the children beside the lead, in the cast's order (issue 35,
   * docs/decisions/030-siblings.md): present only for a book of two or three children, so a book of
   * one child keeps exactly the texts (and content hash) it always had.
   */
  companionNames?: string[];
  dedicationMessage: string;
  dedicationSignature: string;
  title: string;
  subtitle: string;
  /** The dedication page as printed (the story's own words when the parent wrote none). */
  dedication: { message: string; signature: string };
  /** Each story page's text, by story position (1..n). */
  pages: { position: number; text: string }[];
};
/** The pictures of a book version by printed position (0 front cover, 3.. story, last back cover). */
export type BookVersionPictures = Record<string, { key: string; sha256: string }>;

/**
 * Every state of a book before it is paid (issue 15): a change of names or dedication reuses the
 * pictures, a redrawn page replaces one. `content_hash` covers every text and every picture's
 * sha256; the print job checks the files against it.
 */
export const bookVersions = pgTable(
  'book_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookInstanceId: uuid('book_instance_id')
      .notNull()
      .references(() => bookInstances.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    texts: jsonb('texts').$type<BookVersionTexts>().notNull(),
    pictures: jsonb('pictures').$type<BookVersionPictures>().notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    unique('book_versions_instance_number').on(t.bookInstanceId, t.number),
    check('book_versions_number', sql`${t.number} >= 1`),
  ],
);

export const PAGE_REDRAW_STATUSES = ['drawing', 'ready', 'failed', 'kept', 'discarded'] as const;
export type PageRedrawStatus = (typeof PAGE_REDRAW_STATUSES)[number];

/**
 * "Draw this page again": a new picture of one story page, drawn by a job and kept as a candidate
 * until the parent keeps it or the old one. Each row counts against the book's redraw limit.
 */
export const pageRedraws = pgTable(
  'page_redraws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookInstanceId: uuid('book_instance_id')
      .notNull()
      .references(() => bookInstances.id, { onDelete: 'cascade' }),
    /** The printed position (3.. for story pages). */
    position: integer('position').notNull(),
    /** The illustrator's variant: the local one draws a visibly different picture for each. */
    variant: integer('variant').notNull(),
    status: text('status').$type<PageRedrawStatus>().notNull().default('drawing'),
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    /**
     * The new picture came out nearly the same as the one it replaces (issue 36,
     * adapters/illustrator/picture-difference.ts): it does not count against the book's redraws.
     */
    nearlySame: boolean('nearly_same').notNull().default(false),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('page_redraws_status', oneOf(t.status, PAGE_REDRAW_STATUSES)),
    index('page_redraws_instance_idx').on(t.bookInstanceId, t.position),
  ],
);

export const generatedImages = pgTable(
  'generated_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storagePath: text('storage_path').notNull(),
    spreadId: uuid('spread_id').references(() => spreads.id, { onDelete: 'cascade' }),
    bookInstanceId: uuid('book_instance_id')
      .notNull()
      .references(() => bookInstances.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('generated_image_instance_idx').on(t.bookInstanceId, t.spreadId),
    // One picture per spread: finishing a spread twice (a retry, a second worker) adds nothing.
    uniqueIndex('generated_image_spread_idx').on(t.spreadId),
  ],
);

/** One row per cover generation, for the per-session and per-user limits. */
export const generationLog = pgTable(
  'generation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('generation_log_session_idx').on(t.sessionId, t.createdAt),
    index('generation_log_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Each payment session the shop started with the payment provider (local or Stripe), with the
 * amount it asked for, so a notification can be compared with what was charged.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    url: text('url').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    // What the local payment page shows (the lines of the quote); empty for Stripe.
    lines: jsonb('lines').notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_sessions_provider', oneOf(t.provider, ['local', 'stripe'])),
    check('payment_sessions_status', oneOf(t.status, ['open', 'complete', 'failed', 'expired'])),
    index('payment_sessions_order_idx').on(t.orderId),
  ],
);

/** Payment notifications already applied, by the provider's event id: each is applied once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/**
 * Why a charge is given back: a second payment of a paid order, a payment at a stale amount (both
 * automatic, issue 16), or an operator's refund of part or all of the order (issue 17).
 */
export { REFUND_REASONS, type RefundReason };
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A charge given back. Automatic refunds: one per charged payment page, so a notification
 * delivered again cannot refund twice. Operator refunds: one per `requestKey` (the console's form),
 * so a double click refunds once; the order's refunds never add up to more than was paid.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentSessionId: text('payment_session_id').notNull(),
    /** The provider's payment (Stripe's PaymentIntent), when the notification named it. */
    paymentIntentId: text('payment_intent_id'),
    /** Cents given back, and their currency: all of the charge, or the operator's part. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** Why the provider would not refund (the last attempt), for a person to follow up. */
    failure: text('failure'),
    /** The payment notification that called for an automatic refund. */
    eventId: text('event_id'),
    /** The operator's form submission: the same key twice is one refund. */
    requestKey: text('request_key').unique(),
    /** The operator who asked for it (user id; kept when that account goes). */
    requestedBy: text('requested_by'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_refunds_reason', oneOf(t.reason, REFUND_REASONS)),
    check('payment_refunds_status', oneOf(t.status, REFUND_STATUSES)),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    index('payment_refunds_order_idx').on(t.orderId),
    // The console's overview (issue 37): the refunds that failed.
    index('payment_refunds_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    uniqueIndex('payment_refunds_automatic_idx').on(t.paymentSessionId).where(sql`${t.reason} <> 'operator'`),
  ],
);

/**
 * What the printer said about an order's print jobs (issue 17): every status notification, kept so
 * the operator console shows the printer's messages and finds the jobs it rejected.
 */
export const printerEvents = pgTable(
  'printer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    printJobId: text('print_job_id'),
    status: text('status').notNull(),
    message: text('message'),
    receivedAt: createdAt(),
  },
  (t) => [
    index('printer_events_order_idx').on(t.orderId, t.receivedAt),
    // The console's overview (issue 37): the printer's refusals, few however many orders there are.
    index('printer_events_refused_idx')
      .on(t.orderId, t.printJobId)
      .where(sql`${t.status} in ('REJECTED', 'CANCELED', 'ERROR')`),
  ],
);

/**
 * What operators did (issue 17): who, when, what and why, per order. Append-only: a trigger in
 * the migration refuses every UPDATE and DELETE, so nothing here is rewritten afterwards.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The operator's user id and e-mail as they were (no foreign key: the line outlives the account). */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** The operator's words: why, or the note itself. */
    reason: text('reason').notNull().default(''),
    /** What changed (amounts, tracking number, e-mail kind, page), never a photo or a secret. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_log_action', oneOf(t.action, AUDIT_ACTIONS)),
    index('audit_log_order_idx').on(t.orderId, t.createdAt),
  ],
);

export const JOB_STATES = ['queued', 'active', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue in the shop's own database (docs/decisions/007): jobs are enqueued in the
 * same transaction as the change that calls for them, and claimed with FOR UPDATE SKIP LOCKED so
 * any number of workers share them; a job whose worker died is claimed again after its lease.
 */
/** The drawing queues as SQL literals: the claim's index and its query spell them the same way. */
export const DRAWING_QUEUE_LIST = DRAWING_QUEUE_NAMES.map((queue) => `'${queue}'`).join(', ');

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull().default({}),
    // At most one live job per key (e.g. one production per book instance).
    singletonKey: text('singleton_key'),
    state: text('state').$type<JobState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_state', oneOf(t.state, JOB_STATES)),
    unique('jobs_singleton_key').on(t.singletonKey),
    index('jobs_claim_idx').on(t.queue, t.state, t.runAfter),
    // The claim (issue 19): due queued jobs in the order they are taken, the drawing ones last, so
    // a claim reads one index entry however long the backlog (`claimJob`).
    index('jobs_due_idx')
      .on(sql`(${t.queue} in (${sql.raw(DRAWING_QUEUE_LIST)}))`, t.runAfter, t.createdAt)
      .where(sql`${t.state} = 'queued'`),
    // Finding active jobs whose lease ran out (their worker died).
    index('jobs_lease_idx').on(t.state, t.lockedUntil),
    // The operator console: an order's e-mails and jobs, and the failed jobs at a glance.
    index('jobs_order_idx').on(sql`(${t.payload}->>'orderId')`),
    index('jobs_failed_idx').on(t.state, t.updatedAt),
  ],
);
