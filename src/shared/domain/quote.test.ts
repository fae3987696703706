import { describe, expect, it } from 'vitest';
import type { ActivePrice } from './pricing';
import { discounted, mulDivHalfUp } from './pricing';
import { bilingualBookCount, PriceUnavailableError, quoteOrder } from './quote';
import { COUNTRIES } from './shipping';
import type { CoverType } from './statuses';

const PRICES: ActivePrice[] = [
  { productKey: 'softcover_book', basePrice: 2999, discountPercentage: 0 },
  { productKey: 'hardcover_book', basePrice: 3999, discountPercentage: 0 },
];
const TAX = { taxRateBasisPoints: 770 };

function quote(coverType: CoverType, count: number, copyCover: CoverType, country: string) {
  return quoteOrder(PRICES, { coverType, grandparentCopies: { count, coverType: copyCover }, country }, TAX);
}

describe('quoteOrder', () => {
  it('gives the worked example of docs/product.md: hardcover + 2 softcover copies to Germany = 95.81', () => {
    const result = quote('hardcover', 2, 'softcover', 'DE');
    expect(result.lines).toEqual([
      expect.objectContaining({
        productKey: 'hardcover_book',
        itemType: 'base_book',
        quantity: 1,
        unitPrice: 3999,
      }),
      expect.objectContaining({
        productKey: 'grandparent_softcover_copy',
        itemType: 'grandparent_copy',
        quantity: 2,
        discountPercentage: 30,
        unitPrice: 2099,
        totalPrice: 4198,
      }),
    ]);
    expect(result).toMatchObject({ subtotal: 8197, shipping: 699, tax: 685, total: 9581, currency: 'CHF' });
  });

  // book, copies, copy cover, country -> copy unit price, shipping, tax, total (computed apart with Python's decimal ROUND_HALF_UP)
  it.each([
    ['softcover', 0, 'softcover', 'CH', null, 499, 269, 3767],
    ['hardcover', 0, 'softcover', 'CH', null, 499, 346, 4844],
    ['softcover', 1, 'softcover', 'CH', 2249, 499, 443, 6190],
    ['softcover', 2, 'softcover', 'FR', 2099, 699, 608, 8504],
    ['softcover', 3, 'softcover', 'IT', 1949, 699, 735, 10280],
    ['softcover', 1, 'hardcover', 'AT', 2999, 699, 516, 7213],
    ['hardcover', 2, 'hardcover', 'US', 2799, 1299, 839, 11735],
    ['hardcover', 3, 'hardcover', 'GB', 2599, 1299, 1008, 14103],
    ['hardcover', 3, 'softcover', 'ES', 1949, 1299, 858, 12003],
  ] as const)(
    '%s + %i %s copies to %s',
    (cover, count, copyCover, country, copyUnit, shipping, tax, total) => {
      const result = quote(cover, count, copyCover, country);
      const copies = result.lines.find((line) => line.itemType === 'grandparent_copy');
      expect(copies?.unitPrice ?? null).toBe(copyUnit);
      expect(copies?.quantity ?? 0).toBe(count);
      expect(result.shipping).toBe(shipping);
      expect(result.tax).toBe(tax);
      expect(result.total).toBe(total);
      expect(result.total).toBe(result.subtotal + result.shipping + result.tax);
    },
  );

  // Issue 18: express (+14.99 per parcel), a promo code off the books before VAT, the destination's
  // rate. Book, copies, copy cover, country, level, code, rate -> subtotal, discount, shipping, tax,
  // total (computed apart with Python's decimal ROUND_HALF_UP).
  it.each([
    ['softcover', 0, 'softcover', 'CH', 'express', undefined, 770, 2999, 0, 1998, 385, 5382],
    ['hardcover', 2, 'softcover', 'DE', 'express', ['percent', 15], 770, 8197, 1230, 2198, 706, 9871],
    ['hardcover', 3, 'hardcover', 'US', 'standard', ['amount', 2500], 810, 11796, 2500, 1299, 858, 11453],
    ['softcover', 1, 'softcover', 'CH', 'standard', ['percent', 100], 260, 5248, 5248, 499, 13, 512],
    ['softcover', 0, 'softcover', 'DE', 'express', ['amount', 5000], 1900, 2999, 2999, 2198, 418, 2616],
    ['hardcover', 1, 'softcover', 'CH', 'standard', ['percent', 33], 770, 6248, 2062, 499, 361, 5046],
  ] as const)(
    '%s + %i %s copies to %s, %s, code %j, rate %i',
    (cover, count, copyCover, country, level, promo, rate, subtotal, discount, shipping, tax, total) => {
      const result = quoteOrder(
        PRICES,
        {
          coverType: cover,
          grandparentCopies: { count, coverType: copyCover },
          country,
          shippingLevel: level,
          promo: promo ? { code: 'CODE', kind: promo[0], value: promo[1] } : undefined,
        },
        { taxRateBasisPoints: rate },
      );
      expect(result).toMatchObject({ subtotal, discount, shipping, tax, total, shippingLevel: level });
      expect(result.promoCode).toBe(promo ? 'CODE' : null);
    },
  );

  // Issue 18: a gift copy with its own address is one more parcel, priced by its country at the
  // order's level; VAT on everything at the buyer's destination's rate (Python decimal, ROUND_HALF_UP).
  it.each([
    ['hardcover', 2, 'softcover', 'DE', ['FR', 'US'], 'standard', undefined, 770, 8197, 0, 2697, 839, 11733],
    [
      'hardcover',
      2,
      'softcover',
      'DE',
      ['FR', 'US'],
      'express',
      ['percent', 15],
      770,
      8197,
      1230,
      7194,
      1090,
      15251,
    ],
    [
      'softcover',
      3,
      'hardcover',
      'CH',
      ['CH', 'DE', 'GB'],
      'standard',
      ['amount', 1000],
      810,
      10796,
      1000,
      2996,
      1036,
      13828,
    ],
    ['softcover', 1, 'softcover', 'US', ['CH'], 'express', undefined, 0, 5248, 0, 4796, 0, 10044],
  ] as const)(
    '%s + %i %s copies to %s, gifts to %j, %s, code %j, rate %i',
    (cover, count, copyCover, country, gifts, level, promo, rate, subtotal, discount, shipping, tax, total) => {
      const result = quoteOrder(
        PRICES,
        {
          coverType: cover,
          grandparentCopies: { count, coverType: copyCover },
          country,
          shippingLevel: level,
          promo: promo ? { code: 'CODE', kind: promo[0], value: promo[1] } : undefined,
          giftParcels: gifts.map((giftCountry, index) => ({ copy: index + 1, country: giftCountry })),
        },
        { taxRateBasisPoints: rate },
      );
      expect(result).toMatchObject({ subtotal, discount, shipping, tax, total });
      expect(result.parcels.map((parcel) => parcel.country)).toEqual([country, ...gifts]);
      expect(result.parcels.reduce((sum, parcel) => sum + parcel.shipping, 0)).toBe(shipping);
    },
  );

  it('refuses a gift parcel that is not one of the copies', () => {
    const input = {
      coverType: 'softcover',
      grandparentCopies: { count: 1, coverType: 'softcover' },
      country: 'CH',
    } as const;
    expect(() => quoteOrder(PRICES, { ...input, giftParcels: [{ copy: 2, country: 'FR' }] }, TAX)).toThrow(
      RangeError,
    );
    expect(() =>
      quoteOrder(
        PRICES,
        {
          ...input,
          giftParcels: [
            { copy: 1, country: 'FR' },
            { copy: 1, country: 'DE' },
          ],
        },
        TAX,
      ),
    ).toThrow(RangeError);
  });

  it('charges each shipping zone its price, and every other country the international one', () => {
    const shipping = Object.fromEntries(
      [...COUNTRIES, 'JP'].map((country) => [country, quote('softcover', 0, 'softcover', country).shipping]),
    );
    expect(shipping).toEqual({
      CH: 499,
      DE: 699,
      FR: 699,
      IT: 699,
      AT: 699,
      US: 1299,
      GB: 1299,
      ES: 1299,
      JP: 1299,
    });
  });

  it('rounds discounts and tax half up to the cent', () => {
    expect(discounted(2999, 25)).toBe(2249); // 2249.25
    expect(discounted(2999, 35)).toBe(1949); // 1949.35
    expect(discounted(1, 50)).toBe(1); // 0.5 rounds up
    expect(discounted(3, 50)).toBe(2); // 1.5 rounds up
    // 1000 + 499 shipping = 1499 at 10 % is 149.9 -> 150; at 7.7 % 115.423 -> 115
    const prices: ActivePrice[] = [{ productKey: 'softcover_book', basePrice: 1000, discountPercentage: 0 }];
    const input = {
      coverType: 'softcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      country: 'CH',
    } as const;
    expect(quoteOrder(prices, input, { taxRateBasisPoints: 1000 }).tax).toBe(150);
    expect(quoteOrder(prices, input, { taxRateBasisPoints: 770 }).tax).toBe(115);
    // 1001 + 499 = 1500 at 7.7 % = 115.5 -> 116
    const half = [{ ...prices[0]!, basePrice: 1001 }];
    expect(quoteOrder(half, input, { taxRateBasisPoints: 770 }).tax).toBe(116);
  });

  it('uses the tax rate it is given, so the rate is a setting', () => {
    const input = {
      coverType: 'hardcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      country: 'CH',
    } as const;
    expect(quoteOrder(PRICES, input, { taxRateBasisPoints: 0 }).total).toBe(3999 + 499);
    expect(quoteOrder(PRICES, input, { taxRateBasisPoints: 810 }).tax).toBe(364); // 4498 * 8.1 % = 364.338
  });

  it('applies a discount set on the book price row to the main book, not to the copies', () => {
    const sale: ActivePrice[] = [
      { productKey: 'softcover_book', basePrice: 2999, discountPercentage: 10 },
      { productKey: 'hardcover_book', basePrice: 3999, discountPercentage: 0 },
    ];
    const result = quoteOrder(
      sale,
      { coverType: 'softcover', grandparentCopies: { count: 1, coverType: 'softcover' }, country: 'CH' },
      TAX,
    );
    expect(result.lines[0]).toMatchObject({ unitPrice: 2699, discountPercentage: 10 });
    expect(result.lines[1]).toMatchObject({ unitPrice: 2249, discountPercentage: 25 });
  });

  it('refuses a cover without an active price and a copy count outside 0 to 3', () => {
    const softOnly = PRICES.filter((price) => price.productKey === 'softcover_book');
    expect(() =>
      quoteOrder(
        softOnly,
        { coverType: 'hardcover', grandparentCopies: { count: 0, coverType: 'softcover' }, country: 'CH' },
        TAX,
      ),
    ).toThrow(PriceUnavailableError);
    expect(() =>
      quoteOrder(
        softOnly,
        { coverType: 'softcover', grandparentCopies: { count: 1, coverType: 'hardcover' }, country: 'CH' },
        TAX,
      ),
    ).toThrow(PriceUnavailableError);
    expect(() => quote('softcover', 4, 'softcover', 'CH')).toThrow(RangeError);
    expect(() => quote('softcover', -1, 'softcover', 'CH')).toThrow(RangeError);
    expect(() => quote('softcover', 1.5, 'softcover', 'CH')).toThrow(RangeError);
  });

  describe('the bilingual edition', () => {
    const WITH_BILINGUAL: ActivePrice[] = [
      ...PRICES,
      { productKey: 'bilingual_edition', basePrice: 500, discountPercentage: 0 },
    ];

    it('adds its price once per bilingual book, taxed with the rest: softcover + 1 copy to Switzerland', () => {
      const result = quoteOrder(
        WITH_BILINGUAL,
        {
          coverType: 'softcover',
          grandparentCopies: { count: 1, coverType: 'softcover' },
          country: 'CH',
          bilingualBooks: 2,
        },
        TAX,
      );
      expect(result.lines.at(-1)).toEqual({
        productKey: 'bilingual_edition',
        itemType: 'bilingual_edition',
        coverType: 'softcover',
        quantity: 2,
        basePrice: 500,
        discountPercentage: 0,
        unitPrice: 500,
        totalPrice: 1000,
      });
      // 2999 + 2249 (the copy, 25 % off) + 2 x 500.
      expect(result.subtotal).toBe(6248);
      const plain = quoteOrder(
        WITH_BILINGUAL,
        { coverType: 'softcover', grandparentCopies: { count: 1, coverType: 'softcover' }, country: 'CH' },
        TAX,
      );
      // CHF 10.00 more, and its VAT at 7.70 %: 0.77.
      expect(result.total - plain.total).toBe(1077);
      expect(plain.lines.map((line) => line.productKey)).not.toContain('bilingual_edition');
    });

    it('is priced from its row: a discount there applies, an inactive price refuses the order', () => {
      const sale: ActivePrice[] = [
        ...PRICES,
        { productKey: 'bilingual_edition', basePrice: 600, discountPercentage: 50 },
      ];
      const input = {
        coverType: 'hardcover' as const,
        grandparentCopies: { count: 0, coverType: 'softcover' as const },
        country: 'CH',
        bilingualBooks: 1,
      };
      expect(quoteOrder(sale, input, TAX).lines.at(-1)).toMatchObject({ unitPrice: 300, totalPrice: 300 });
      expect(() => quoteOrder(PRICES, input, TAX)).toThrow(PriceUnavailableError);
      expect(() => quoteOrder(WITH_BILINGUAL, { ...input, bilingualBooks: 2 }, TAX)).toThrow(RangeError);
    });

    it('counts the book and every copy not printed in a language of its own', () => {
      expect(bilingualBookCount(false, { count: 3, inOwnLanguage: 0 })).toBe(0);
      expect(bilingualBookCount(true, { count: 0, inOwnLanguage: 0 })).toBe(1);
      expect(bilingualBookCount(true, { count: 3, inOwnLanguage: 1 })).toBe(3);
      expect(bilingualBookCount(true, { count: 2, inOwnLanguage: 2 })).toBe(1);
    });
  });

  describe('the extra children of a cast (issue 35)', () => {
    const WITH_EXTRA: ActivePrice[] = [
      ...PRICES,
      { productKey: 'extra_child', basePrice: 900, discountPercentage: 0 },
    ];
    const input = (extraChildren: number) => ({
      coverType: 'softcover' as const,
      grandparentCopies: { count: 2, coverType: 'softcover' as const },
      country: 'CH',
      extraChildren,
    });

    it('adds the extra child price once per child beside the lead, not per copy: two children', () => {
      const result = quoteOrder(WITH_EXTRA, input(1), TAX);
      expect(result.lines.at(-1)).toEqual({
        productKey: 'extra_child',
        itemType: 'extra_child',
        coverType: 'softcover',
        quantity: 1,
        basePrice: 900,
        discountPercentage: 0,
        unitPrice: 900,
        totalPrice: 900,
      });
      const one = quoteOrder(WITH_EXTRA, input(0), TAX);
      // CHF 9.00 more and its VAT at the books' rate, 7.70 %: 0.69 (69.3 rounded half up).
      expect(result.subtotal - one.subtotal).toBe(900);
      expect(result.tax - one.tax).toBe(69);
      expect(result.total - one.total).toBe(969);
    });

    it('three children: twice the price, taxed with the books at the same rate', () => {
      const result = quoteOrder(WITH_EXTRA, input(2), TAX);
      const one = quoteOrder(WITH_EXTRA, input(0), TAX);
      expect(result.lines.at(-1)).toMatchObject({ quantity: 2, unitPrice: 900, totalPrice: 1800 });
      expect(result.subtotal - one.subtotal).toBe(1800);
      // The extra children are taxed with the books and their shipping, at one rate.
      expect(result.tax).toBe(mulDivHalfUp(result.subtotal + result.shipping, 770, 10_000));
    });

    it('a book of one child is quoted exactly as before, with or without the price set', () => {
      const before = quoteOrder(PRICES, { ...input(0), extraChildren: undefined }, TAX);
      expect(quoteOrder(WITH_EXTRA, input(0), TAX)).toEqual(before);
      expect(quoteOrder(PRICES, input(0), TAX)).toEqual(before);
      expect(before.lines.map((line) => line.itemType)).not.toContain('extra_child');
    });

    it('a zero price keeps a free line naming the children and adds nothing, not even VAT', () => {
      const free: ActivePrice[] = [
        ...PRICES,
        { productKey: 'extra_child', basePrice: 0, discountPercentage: 0 },
      ];
      const result = quoteOrder(free, input(2), TAX);
      expect(result.lines.at(-1)).toMatchObject({ itemType: 'extra_child', quantity: 2, totalPrice: 0 });
      const one = quoteOrder(free, input(0), TAX);
      expect(result.total).toBe(one.total);
      expect(result.tax).toBe(one.tax);
    });

    it('a discount on its row applies; no active price refuses a cast; more than two extra is refused', () => {
      const sale: ActivePrice[] = [
        ...PRICES,
        { productKey: 'extra_child', basePrice: 900, discountPercentage: 50 },
      ];
      expect(quoteOrder(sale, input(1), TAX).lines.at(-1)).toMatchObject({ unitPrice: 450, totalPrice: 450 });
      expect(() => quoteOrder(PRICES, input(1), TAX)).toThrow(PriceUnavailableError);
      expect(() => quoteOrder(WITH_EXTRA, input(3), TAX)).toThrow(RangeError);
      expect(() => quoteOrder(WITH_EXTRA, input(-1), TAX)).toThrow(RangeError);
    });
  });
});
