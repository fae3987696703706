import { describe, expect, it } from 'vitest';
import { lowestBookPrice } from './pricing';

describe('lowestBookPrice', () => {
  it('is the cheapest active book, in cents', () => {
    expect(
      lowestBookPrice([
        { productKey: 'hardcover_book', basePrice: 3999, discountPercentage: 0 },
        { productKey: 'softcover_book', basePrice: 2999, discountPercentage: 0 },
      ]),
    ).toBe(2999);
  });

  it('applies a price row’s own discount', () => {
    expect(lowestBookPrice([{ productKey: 'softcover_book', basePrice: 3000, discountPercentage: 10 }])).toBe(
      2700,
    );
  });

  it('ignores products that are not books and says nothing without a book', () => {
    expect(
      lowestBookPrice([{ productKey: 'grandparent_softcover_copy', basePrice: 100, discountPercentage: 0 }]),
    ).toBeUndefined();
  });
});
