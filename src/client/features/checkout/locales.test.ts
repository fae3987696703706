import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/checkout.json';
import fr from '../../../../public/locales/fr/checkout.json';

/** Every key path with the {{placeholders}} and <tags> of its text; plural forms count as one key. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const parts = [...value.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2]);
    return [`${path.replace(/_(one|many|other)$/, '')} ${[...new Set(parts)].sort().join(',')}`];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [path];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

// French puts a no-break space before : ; ! ? and inside « ».
const FRENCH_SPACING = /[^\u00a0\u202f][:;!?](\s|$)|«[^\u00a0]|[^\u00a0]»/;

describe('checkout texts', () => {
  it('have the same keys, placeholders and tags in English and French', () => {
    expect([...new Set(shape(fr))]).toEqual([...new Set(shape(en))]);
  });

  it('follow French spacing around punctuation', () => {
    const offending = texts(fr).filter((text) => FRENCH_SPACING.test(text.replace(/\{\{\w+\}\}/g, 'x')));
    expect(offending).toEqual([]);
  });

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
