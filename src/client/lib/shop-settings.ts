// What the texts may promise, from the shop's settings: the server marks each page (`<html data-…>`,
// src/server/app.ts) so the words are right from the first paint.

/**
 * What the configured payment provider offers (issue 20: no method the shop cannot take): the local
 * page takes cards; Stripe Checkout takes cards and shows Apple Pay or Google Pay where the buyer's
 * device has them. The server marks the page with its provider (`<html data-payments>`).
 */
export const PAYMENT_METHODS = { local: ['card'], stripe: ['card', 'applePay', 'googlePay'] } as const;
export const shopPaymentMethods = () =>
  PAYMENT_METHODS[document.documentElement.dataset.payments === 'stripe' ? 'stripe' : 'local'];

/** Whether an operator looks at every paid book before print (REVIEW_BEFORE_PRINT, `<html data-review>`). */
export const shopReviewsBeforePrint = () => document.documentElement.dataset.review === 'on';
