import { z } from 'zod';
import { CHILD_GENDERS } from '../domain/cast';
import {
  BOOK_TAX_CATEGORY,
  MAX_OPERATOR_PRICE,
  OPERATOR_PRICED_PRODUCTS,
  TAX_CATEGORIES,
} from '../domain/pricing';
import { PROMO_CODE_PATTERN, PROMO_KINDS } from '../domain/promo';
import { COUNTRIES } from '../domain/shipping';
import {
  AUDIT_ACTIONS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRINT_REVIEW_STATES,
  REFUND_REASONS,
} from '../domain/statuses';
import { AddressChangeSchema, OrderSchema, UuidParamSchema } from './checkout';
import { PageCursorSchema } from './common';

/** The operator console's API (issue 17). Every route answers 404 to anyone but an operator. */

/** One page of the order list holds at most this many orders. */
const ADMIN_PAGE_SIZE = { default: 25, max: 100 } as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'expected a date (YYYY-MM-DD)');

/**
 * The list's filters, all optional. `q` is an order number (BK-…), an e-mail, or the start of the
 * buyer's name. `cursor` is the last order of the previous page (keyset pagination, newest first).
 */
export const AdminOrderQuerySchema = z.object({
  q: z.string().trim().max(254, 'at most 254 characters').optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  country: z.enum(COUNTRIES).optional(),
  /** `waiting`: the paid books waiting for review before print. */
  review: z.enum(['waiting']).optional(),
  from: day.optional(),
  to: day.optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'expected the cursor of a page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max).default(ADMIN_PAGE_SIZE.default),
});
export type AdminOrderQuery = z.input<typeof AdminOrderQuerySchema>;

const AdminOrderRowSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    email: z.string(),
    name: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    country: z.string().nullable(),
    total: z.number().int(),
    currency: z.string(),
    held: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderListSchema = z
  .object({ orders: z.array(AdminOrderRowSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

const AdminAuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actorEmail: z.string(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });

const AdminRefundSchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    reason: z.enum(REFUND_REASONS),
    status: z.enum(['pending', 'refunded', 'failed']),
    failure: z.string().nullable(),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminRefund' });

/** Everything about one order, for the order page. */
export const AdminOrderDetailSchema = z
  .object({
    order: OrderSchema,
    held: z.boolean(),
    /** Review before print: waiting for an operator, approved, or not reviewed (null). */
    printReview: z.enum(PRINT_REVIEW_STATES).nullable(),
    userId: z.string().nullable(),
    printJobId: z.string().nullable(),
    /** Cents paid and cents given back by operators (recorded from the provider's notification). */
    paidAmount: z.number().int(),
    refundedAmount: z.number().int(),
    book: z
      .object({
        id: z.string(),
        status: z.string(),
        title: z.string(),
        /**
         * The book's children, the lead first (issue 35): name, age, gender and toy, as the book tells
         * of them. Absent when the book's data names no child.
         */
        cast: z
          .array(
            z.object({
              name: z.string(),
              age: z.number().int().nullable(),
              gender: z.enum(CHILD_GENDERS),
              toy: z.string().nullable(),
              lead: z.boolean(),
            }),
          )
          .optional(),
        approvedVersion: z.number().int().nullable(),
        versions: z.array(
          z.object({ number: z.number().int(), approvedAt: z.string().nullable(), createdAt: z.string() }),
        ),
      })
      .nullable(),
    paymentEvents: z.array(
      z.object({ id: z.string(), type: z.string(), outcome: z.string(), receivedAt: z.string() }),
    ),
    /** What the printer reported about the order's print jobs, as received. */
    printerEvents: z.array(
      z.object({
        printJobId: z.string().nullable(),
        status: z.string(),
        message: z.string().nullable(),
        receivedAt: z.string(),
      }),
    ),
    refunds: z.array(AdminRefundSchema),
    /** The order's background work: e-mails sent, printing, refunds, with the last error. */
    jobs: z.array(
      z.object({
        id: z.string(),
        queue: z.string(),
        /** For `send-order-email`: which e-mail. */
        email: z.string().nullable(),
        state: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    audit: z.array(AdminAuditEntrySchema),
    otherOrders: z.array(AdminOrderRowSchema),
    /** What the console may do to the order now. */
    can: z.object({
      hold: z.boolean(),
      release: z.boolean(),
      refund: z.boolean(),
      cancel: z.boolean(),
      markShipped: z.boolean(),
      markDelivered: z.boolean(),
      retryBook: z.boolean(),
      resubmitPrint: z.boolean(),
      approvePrint: z.boolean(),
      /** Draw a page again (and keep or drop the new picture) while the book waits before print. */
      redrawPage: z.boolean(),
      /** Correct the shipping address, until the book is handed to the printer. */
      correctAddress: z.boolean(),
      /** End the grace period after payment now: the book goes to the printer at once (issue 36). */
      printNow: z.boolean(),
    }),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderParamsSchema = z.object({ orderId: UuidParamSchema });

const reason = z.string().trim().min(1, 'required').max(1000, 'at most 1000 characters');

/** Every action says why; the words go to the audit log. */
export const AdminReasonSchema = z.object({ reason }).meta({ id: 'AdminReason' });

export const AdminRefundRequestSchema = z
  .object({
    /** Cents to give back: part or all of what is left of the payment. */
    amount: z.number().int('expected whole cents').positive('expected an amount above zero'),
    reason,
    /** The form's own key: the same key twice (a double click) is one refund. */
    requestKey: z.uuid('expected a request key'),
  })
  .meta({ id: 'AdminRefundRequest' });
export type AdminRefundRequest = z.infer<typeof AdminRefundRequestSchema>;

export const AdminShipRequestSchema = z
  .object({
    trackingNumber: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
    trackingUrl: z
      .string()
      .trim()
      .max(500, 'at most 500 characters')
      .pipe(z.url({ protocol: /^https?$/, error: 'expected a web address (https://…)' })),
    reason: z.string().trim().max(1000, 'at most 1000 characters').default(''),
  })
  .meta({ id: 'AdminShipRequest' });
export type AdminShipRequest = z.input<typeof AdminShipRequestSchema>;

/**
 * The shipping address corrected before print (issue 36). The country stays the order's (its
 * shipping was paid for it); the postcode and state are checked against it on the server.
 */
export const AdminAddressRequestSchema = AddressChangeSchema.extend({ reason }).meta({
  id: 'AdminAddressRequest',
});
export type AdminAddressRequest = z.infer<typeof AdminAddressRequestSchema>;

/** The customer e-mails an operator may send again. */
export const RESENDABLE_EMAILS = ['orderPaid', 'sentToPrint', 'shipped'] as const;
export const AdminResendRequestSchema = z
  .object({ email: z.enum(RESENDABLE_EMAILS), reason })
  .meta({ id: 'AdminResendRequest' });
export type AdminResendRequest = z.infer<typeof AdminResendRequestSchema>;

/** Queues at a glance and the day's and week's figures. */
export const AdminOverviewSchema = z
  .object({
    failedJobs: z.number().int(),
    heldOrders: z.number().int(),
    awaitingReview: z.number().int(),
    rejectedPrintJobs: z.number().int(),
    overduePrintJobs: z.number().int(),
    stalePayments: z.number().int(),
    failedRefunds: z.number().int(),
    today: z.object({ orders: z.number().int(), revenue: z.number().int(), booksMade: z.number().int() }),
    week: z.object({ orders: z.number().int(), revenue: z.number().int(), booksMade: z.number().int() }),
    currency: z.string(),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/** The embedded mailer's outbox, for operators of a shop with no SMTP. */
export const AdminOutboxSchema = z
  .object({
    enabled: z.boolean(),
    /** How many messages the outbox holds; `messages` are the newest 100 of them. */
    total: z.number().int().min(0),
    messages: z.array(
      z.object({ id: z.string(), to: z.string(), subject: z.string(), sentAt: z.string(), text: z.string() }),
    ),
  })
  .meta({ id: 'AdminOutbox' });
export type AdminOutbox = z.infer<typeof AdminOutboxSchema>;

/** Who the console's caller is: the client shows /admin only when this answers. */
export const AdminMeSchema = z.object({ email: z.string() }).meta({ id: 'AdminMe' });

/** A story page drawn again by an operator before print (its position in the book, as the reader has it). */
export const AdminRedrawRequestSchema = z
  .object({ position: z.number().int().min(0).max(200), reason })
  .meta({ id: 'AdminRedrawRequest' });
export type AdminRedrawRequest = z.infer<typeof AdminRedrawRequestSchema>;

/** Keep a page's new picture (a new version, which is what prints) or the old one. */
export const AdminRedrawChoiceSchema = z
  .object({ position: z.number().int().min(0).max(200), picture: z.enum(['old', 'new']), reason })
  .meta({ id: 'AdminRedrawChoice' });
export type AdminRedrawChoice = z.infer<typeof AdminRedrawChoiceSchema>;

/** One row of the dated VAT table (issue 18): a country's rate of a category from a day on. */
const AdminTaxRateSchema = z
  .object({
    id: z.string(),
    country: z.enum(COUNTRIES),
    /** `reduced` is the rate books (every order) are taxed at; `standard` the country's normal rate. */
    category: z.enum(TAX_CATEGORIES),
    validFrom: z.string(),
    rateBasisPoints: z.number().int(),
  })
  .meta({ id: 'AdminTaxRate' });

/** One promo code, with how many orders hold it (paid or waiting for payment). */
const AdminPromoCodeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    oncePerCustomer: z.boolean(),
    endedAt: z.string().nullable(),
    uses: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminPromoCode' });
export type AdminPromoCode = z.infer<typeof AdminPromoCodeSchema>;

/** The console's prices page: the VAT table (and the setting over it) and the promo codes. */
/** A product's price as the operator sets it: base price in cents (0: free), whether it is on sale. */
export const AdminProductPriceSchema = z
  .object({
    productKey: z.enum(OPERATOR_PRICED_PRODUCTS),
    basePrice: z.number().int().nonnegative(),
    discountPercentage: z.number().int().min(0).max(100),
    isActive: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProductPrice' });
export type AdminProductPrice = z.infer<typeof AdminProductPriceSchema>;

/** A new price of a product the operator prices (cents, zero allowed: the shop gives it). */
export const AdminProductPriceRequestSchema = z
  .object({
    productKey: z.enum(OPERATOR_PRICED_PRODUCTS),
    basePrice: z
      .number()
      .int('expected an amount in cents')
      .min(0, 'expected zero or more')
      .max(MAX_OPERATOR_PRICE, 'expected at most 1000.00'),
    reason,
  })
  .meta({ id: 'AdminProductPriceRequest' });
export type AdminProductPriceRequest = z.infer<typeof AdminProductPriceRequestSchema>;

export const AdminPricingSchema = z
  .object({
    taxRates: z.array(AdminTaxRateSchema),
    /** TAX_RATE_BASIS_POINTS: when set, it is the rate of every order and the table is not used. */
    taxRateOverride: z.number().int().nullable(),
    promoCodes: z.array(AdminPromoCodeSchema),
    /** The prices the operator sets here (the extra child's, issue 35), in cents. */
    productPrices: z.array(AdminProductPriceSchema),
  })
  .meta({ id: 'AdminPricing' });
export type AdminPricing = z.infer<typeof AdminPricingSchema>;

/** A country's VAT rate of a category (the books' by default) from a day on (basis points: 810 = 8.1 %). */
export const AdminTaxRateRequestSchema = z
  .object({
    country: z.enum(COUNTRIES),
    category: z.enum(TAX_CATEGORIES).default(BOOK_TAX_CATEGORY),
    validFrom: day,
    rateBasisPoints: z
      .number()
      .int('expected a rate with at most two decimals')
      .min(0, 'expected 0 to 100 %')
      .max(10_000, 'expected 0 to 100 %'),
    reason,
  })
  .meta({ id: 'AdminTaxRateRequest' });
export type AdminTaxRateRequest = z.infer<typeof AdminTaxRateRequestSchema>;

/** A new promo code: a percentage (1–100) or an amount in cents off the books. */
export const AdminPromoCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(PROMO_CODE_PATTERN, 'expected 3 to 32 letters, digits or dashes'),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int('expected a whole number').positive('expected more than zero'),
    validFrom: day.nullable().default(null),
    validTo: day.nullable().default(null),
    maxUses: z.number().int().positive('expected more than zero').nullable().default(null),
    oncePerCustomer: z.boolean().default(true),
    reason,
  })
  .refine((value) => value.kind !== 'percent' || value.value <= 100, {
    path: ['value'],
    message: 'a percentage is 1 to 100',
  })
  .refine((value) => !value.validFrom || !value.validTo || value.validFrom <= value.validTo, {
    path: ['validTo'],
    message: 'the last day is before the first',
  })
  .meta({ id: 'AdminPromoCodeRequest' });
export type AdminPromoCodeRequest = z.input<typeof AdminPromoCodeRequestSchema>;

export const AdminPromoCodeParamsSchema = z.object({
  code: z.string().trim().toUpperCase().regex(PROMO_CODE_PATTERN, 'expected a promo code'),
});

/** The console's two lists of reviews: waiting for an operator's look, and shown on theme pages. */
const ADMIN_REVIEW_LISTS = ['waiting', 'shown'] as const;
export type AdminReviewListName = (typeof ADMIN_REVIEW_LISTS)[number];
/** A page of either list holds this many reviews. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** GET /api/admin/reviews: one page of one list, newest first, after `cursor` when given. */
export const AdminReviewListQuerySchema = z.object({
  list: z.enum(ADMIN_REVIEW_LISTS).default('waiting'),
  cursor: PageCursorSchema.optional(),
});

export const AdminReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    name: z.string(),
    themeId: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    createdAt: z.string(),
    /** Null: not shown on the theme's page. */
    approvedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

/** The parents' reviews for the console (issue 20), a page of one list at a time (issue 19). */
export const AdminReviewListSchema = z
  .object({
    reviews: z.array(AdminReviewSchema),
    /** The next page's cursor, or null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminReviewList' });
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;
export const AdminReviewParamsSchema = z.object({ reviewId: UuidParamSchema });
