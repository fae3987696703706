// The figures the content pages promise, in one place so the English and French texts cannot drift
// apart. Limits, retention and support figures come from src/shared, where the server reads them too.
import { LIMITS, BOOK_FACTS as SHARED_BOOK_FACTS, SUPPORT } from '../../../shared/constants';

export const SUPPORT_EMAIL = SUPPORT.email;
export const PARTNERS_EMAIL = 'partners@cuddletales.ch';
export const SUPPORT_REPLY_HOURS = SUPPORT.replyHours;

export { RETENTION, SATISFACTION_DAYS, WIZARD_COOKIE } from '../../../shared/constants';

/** Book facts told to parents (docs/spec.md sections 1 and 9, docs/product.md Names). */
export const BOOK_FACTS = { ...SHARED_BOOK_FACTS, dedicationMaxChars: LIMITS.dedicationMaxChars } as const;

/** The date shown as "last updated" on the privacy policy and the terms. */
export const POLICIES_UPDATED = '2026-11-22';

export type AffiliateTierId = 'starter' | 'growth' | 'pro';

export type AffiliateTier = {
  id: AffiliateTierId;
  minSales: number;
  /** Highest monthly sales of the tier; undefined for the open-ended top tier. */
  maxSales?: number;
  commissionPercent: number;
};

/** Commission by books sold through the partner's link in a month (docs/spec.md Affiliate). */
export const AFFILIATE_TIERS: readonly AffiliateTier[] = [
  { id: 'starter', minSales: 1, maxSales: 10, commissionPercent: 15 },
  { id: 'growth', minSales: 11, maxSales: 25, commissionPercent: 20 },
  { id: 'pro', minSales: 26, commissionPercent: 30 },
];

export const AFFILIATE_APPROVAL_HOURS = 48;
