import { mulDivHalfUp } from './pricing';

/** A promo code takes a percentage off the books, or an amount in cents (issue 18). */
export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** What the shared quote needs of a code the server found valid: its words and its value. */
export type PromoDiscount = { code: string; kind: PromoKind; value: number };

/** Codes are letters, digits and dashes, 3 to 32 of them, kept and compared in capitals. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

/**
 * The cents a code takes off the books (not shipping or tax): a percentage rounded half up, or an
 * amount, never more than the books cost.
 */
export function promoAmount(promo: PromoDiscount, itemsCents: number): number {
  const off = promo.kind === 'percent' ? mulDivHalfUp(itemsCents, promo.value, 100) : promo.value;
  return Math.max(0, Math.min(off, itemsCents));
}

/** Why a code cannot be used: its error code in the shared catalogue. */
const PROMO_ERRORS = [
  'PROMO_CODE_UNKNOWN',
  'PROMO_CODE_EXPIRED',
  'PROMO_CODE_USED_UP',
  'PROMO_CODE_ALREADY_USED',
] as const;
export type PromoError = (typeof PROMO_ERRORS)[number];

export const isPromoError = (code: unknown): code is PromoError => PROMO_ERRORS.includes(code as PromoError);
