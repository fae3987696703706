/** Book types (docs/product.md Names); `colouring` in a URL is an alias of `coloring`. */
export const BOOK_TYPES = ['storybook', 'coloring'] as const;
export type BookType = (typeof BOOK_TYPES)[number];

/** Parses a book type from a URL or form, accepting the `colouring` spelling; unknown gives undefined. */
export function parseBookType(value: unknown): BookType | undefined {
  if (value === 'colouring') return 'coloring';
  return BOOK_TYPES.find((type) => type === value);
}

export const COVER_TYPES = ['softcover', 'hardcover'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/** Book instance lifecycle (docs/product.md Book lifecycle). */
export const BOOK_INSTANCE_STATUSES = [
  'draft',
  'rendering',
  'ready',
  'fulfilled',
  'archived',
  'abandoned',
] as const;
export type BookInstanceStatus = (typeof BOOK_INSTANCE_STATUSES)[number];

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'printing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A gift copy with its own address is its own print job and parcel (issue 18): waiting for the
 * book's payment and printing, then handed to the printer, shipped, delivered.
 */
export const COPY_STATUSES = ['pending', 'printing', 'shipped', 'delivered'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const WIZARD_SESSION_STATUSES = ['active', 'completed'] as const;
export type WizardSessionStatus = (typeof WIZARD_SESSION_STATUSES)[number];

/** The five wizard steps in order; step N has type WIZARD_STEP_TYPES[N - 1]. */
export const WIZARD_STEP_TYPES = ['child', 'cover', 'toy', 'toy_generated', 'dedication'] as const;
export type WizardStepType = (typeof WIZARD_STEP_TYPES)[number];

export const SPREAD_STATUSES = ['pending', 'generating', 'done', 'failed'] as const;
export type SpreadStatus = (typeof SPREAD_STATUSES)[number];

/** Order item kinds (docs/spec.md section 3, order items). */
export const ORDER_ITEM_TYPES = [
  'base_book',
  'hardcover_upgrade',
  'grandparent_copy',
  // The bilingual edition's price, once per book printed in two languages (docs/decisions/026-the-bilingual-edition.md).
  'bilingual_edition',
  // Each child beside the lead, once per order (docs/decisions/030-siblings.md).
  'extra_child',
] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

export const PRODUCT_KEYS = [
  'softcover_book',
  'hardcover_book',
  'grandparent_softcover_copy',
  'grandparent_hardcover_copy',
  'bilingual_edition',
  'extra_child',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** Account roles (docs/product.md Operators): an `admin` works in /admin; the role is never shown to customers. */
export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What an operator did to an order: each action of the console is one line of the audit log. */
/**
 * Why a payment is given back: paid twice, paid at a stale amount, by an operator, or cancelled by
 * the parent in the grace period after payment (issue 36).
 */
export const REFUND_REASONS = ['double_charge', 'amount_mismatch', 'operator', 'customer_cancelled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/**
 * Refunds of the order's own payment (an operator's, or the parent's cancellation in the grace
 * period): they count once the provider confirms them, add up to what the order has given back,
 * and a full one marks the order refunded. The others give back a second or stale charge.
 */
export const OWN_PAYMENT_REFUND_REASONS = [
  'operator',
  'customer_cancelled',
] as const satisfies readonly RefundReason[];
export const refundsOwnPayment = (reason: string) =>
  (OWN_PAYMENT_REFUND_REASONS as readonly string[]).includes(reason);

export const AUDIT_ACTIONS = [
  'hold',
  'release',
  'note',
  'refund',
  'cancel',
  'mark_shipped',
  'mark_delivered',
  'retry_book',
  'resubmit_print',
  'resend_email',
  'approve_print',
  'redraw_page',
  'keep_redraw',
  // Issue 36: the shipping address corrected before print.
  'correct_address',
  // Issue 36: the parent cancelled, or changed the address, in the grace period after payment.
  'customer_cancel',
  'customer_address',
  // Issue 36: the operator ended the grace period and sent the book to the printer.
  'print_now',
  // Settings an operator changes (issue 18): no order.
  'set_tax_rate',
  // Issue 35: the price of a product the operator sets (the extra child's).
  'set_product_price',
  'create_promo_code',
  'end_promo_code',
  // Issue 20: a parent's review shown on its theme's page, or taken down.
  'approve_review',
  'hide_review',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Review before print (issue 17): a paid book `waiting` for an operator to look at every page, then
 * `approved` for the printer. Null: the shop does not review (REVIEW_BEFORE_PRINT off).
 */
export const PRINT_REVIEW_STATES = ['waiting', 'approved'] as const;
export type PrintReviewState = (typeof PRINT_REVIEW_STATES)[number];
