import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/checkout.json';
import fr from '../../../../public/locales/fr/checkout.json';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

// Keys, placeholders and French spacing of every namespace: src/client/i18n/locales.test.ts.

describe('checkout texts', () => {
  it('type no price: amounts come from the pricing data', () => {
    const priced = [...texts(en), ...texts(fr)].filter((text) => /\d+[.,]\d\d|CHF/.test(text));
    expect(priced).toEqual([]);
  });

  it('keep the texts the spec quotes', () => {
    expect(en.cancelled).toMatchObject({
      title: 'Payment Cancelled',
      text: 'Your payment was cancelled. You can continue with your order below.',
    });
    expect(en.toasts).toMatchObject({
      orderFailed: 'Failed to create order. Please try again.',
      paymentFailed: 'Failed to create payment session',
      noPaymentUrl: 'No payment URL received',
      retryFailed: 'Failed to retry payment',
      reviewMissing: 'Please provide both a rating and review text',
      reviewThanks: 'Thank you for your review!',
    });
    expect(en.confirmation.notFound).toBe('Order not found. Please check your order number.');
    expect(en.test).toMatchObject({
      empty: 'Please enter a book instance ID',
      notFound: 'Book instance not found',
      loadFailed: 'Failed to load book instance',
      listFailed: 'Failed to load book instances',
      none: 'No book instances found',
    });
  });
});
