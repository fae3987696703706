import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

// Intl separates the currency with a no-break space (narrow in French); compare as plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('formats cents as Swiss francs in English', () => {
    expect(plain(formatMoney(2999, 'en'))).toBe('CHF 29.99');
    expect(plain(formatMoney(2499, 'en'))).toBe('CHF 24.99');
    expect(plain(formatMoney(500, 'en'))).toBe('CHF 5.00');
  });

  it('follows French conventions: decimal comma, currency after the amount', () => {
    expect(plain(formatMoney(2999, 'fr'))).toBe('29,99 CHF');
  });
});
