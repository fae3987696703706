import { describe, expect, it } from 'vitest';
import { GIFT_ADDRESS, makeContext, makeOrder } from '../testing/mock-checkout-api';
import {
  type CheckoutDraft,
  checkDetails,
  checkGifts,
  choicesKey,
  copyLanguagesOf,
  draftFromContext,
  fieldOfRefusal,
  orderRequestFrom,
} from './checkout-draft';
import { bookPrice, quoteFor } from './quote';

const complete = (): CheckoutDraft => ({
  coverType: 'hardcover',
  grandparentCopies: { count: 2, coverType: 'softcover' },
  customer: { firstName: ' Ana ', lastName: 'Keller', email: ' Ana@Example.com ', phone: '' },
  shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', region: '', country: 'DE' },
  shippingLevel: 'standard',
  promoCode: '',
  copyGifts: draftFromContext(makeContext()).copyGifts,
});

describe('draftFromContext', () => {
  it('starts with softcover, no copies, Switzerland and the account’s e-mail and name', () => {
    expect(draftFromContext(makeContext())).toEqual({
      coverType: 'softcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      customer: { firstName: 'Ana', lastName: 'Keller', email: 'ana@example.com', phone: '' },
      shipping: { address: '', city: '', postalCode: '', region: '', country: 'CH' },
      shippingLevel: 'standard',
      promoCode: '',
      // Three copies' gift choices, all off, so a ticked box opens empty fields.
      copyGifts: [1, 2, 3].map(() =>
        expect.objectContaining({ apart: false, ownWords: false, otherLanguage: false }),
      ),
    });
  });

  it('does not guess a first and last name from a single word', () => {
    const draft = draftFromContext(makeContext({ prefill: { email: 'ana@example.com', name: 'ana' } }));
    expect(draft.customer).toMatchObject({ firstName: '', lastName: '' });
  });

  it('takes everything from a pending order, its shipping level and promo code too', () => {
    const base = makeOrder();
    const order = {
      ...base,
      quote: { ...base.quote, shippingLevel: 'express' as const, promoCode: 'SPRING10' },
    };
    const draft = draftFromContext(makeContext({ order }));
    expect(draft).toEqual({
      coverType: order.coverType,
      grandparentCopies: order.grandparentCopies,
      customer: order.customer,
      shipping: order.shipping,
      shippingLevel: 'express',
      promoCode: 'SPRING10',
      copyGifts: draftFromContext(makeContext()).copyGifts,
    });
  });
});

describe('checkDetails', () => {
  it('cleans valid details with the shared schemas', () => {
    expect(checkDetails(complete()).data).toEqual({
      customer: { firstName: 'Ana', lastName: 'Keller', email: 'ana@example.com', phone: '' },
      shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', region: '', country: 'DE' },
    });
  });

  it('a US address needs its state; a state given elsewhere is dropped', () => {
    const us = complete();
    us.shipping = { address: '1 Main St', city: 'Austin', postalCode: '78701', region: '', country: 'US' };
    expect(checkDetails(us).problems).toEqual({ region: { kind: 'required' } });
    expect(checkDetails({ ...us, shipping: { ...us.shipping, region: 'XX' } }).problems).toEqual({
      region: { kind: 'invalid' },
    });
    expect(checkDetails({ ...us, shipping: { ...us.shipping, region: 'tx' } }).data?.shipping.region).toBe(
      'TX',
    );
    const swiss = complete();
    swiss.shipping = { ...swiss.shipping, postalCode: '8001', region: 'TX', country: 'CH' };
    expect(checkDetails(swiss).data?.shipping.region).toBe('');
  });

  it('a Swiss postcode is four digits from 1000 to 9699 (issue 32)', () => {
    const swiss = complete();
    swiss.shipping = { ...swiss.shipping, postalCode: '10115', country: 'CH' };
    expect(checkDetails(swiss).problems).toEqual({ postalCode: { kind: 'invalid' } });
  });

  it('names each field to fix and what is wrong with it', () => {
    const draft = complete();
    draft.customer = { firstName: '  ', lastName: 'x'.repeat(61), email: 'ana@', phone: 'call me' };
    draft.shipping = { ...draft.shipping, postalCode: '10115!', city: '' };
    expect(checkDetails(draft).problems).toEqual({
      firstName: { kind: 'required' },
      lastName: { kind: 'tooLong', max: 60 },
      email: { kind: 'invalid' },
      phone: { kind: 'invalid' },
      city: { kind: 'required' },
      postalCode: { kind: 'invalid' },
    });
  });
});

describe('orderRequestFrom and choicesKey', () => {
  it('the request carries the choices and the language, and nothing else', () => {
    const draft = complete();
    const checked = checkDetails(draft);
    if (!checked.data) throw new Error('expected valid details');
    expect(Object.keys(orderRequestFrom(draft, checked.data, 'fr')).sort()).toEqual([
      'copyGifts',
      'coverType',
      'customer',
      'grandparentCopies',
      'language',
      'promoCode',
      'shipping',
      'shippingLevel',
    ]);
  });

  it('changes with any choice, not with spaces or the copies’ cover when there are none', () => {
    const draft = complete();
    const key = choicesKey(draft);
    expect(choicesKey({ ...draft, customer: { ...draft.customer, firstName: 'Ana' } })).toBe(key);
    expect(choicesKey({ ...draft, coverType: 'softcover' })).not.toBe(key);
    expect(choicesKey({ ...draft, shipping: { ...draft.shipping, country: 'FR' } })).not.toBe(key);
    const none = { ...draft, grandparentCopies: { count: 0, coverType: 'softcover' as const } };
    expect(choicesKey({ ...none, grandparentCopies: { count: 0, coverType: 'hardcover' } })).toBe(
      choicesKey(none),
    );
    expect(choicesKey({ ...draft, customer: { ...draft.customer, email: '' } })).toBeUndefined();
  });
});

describe('quote for display', () => {
  it('is the shared quote: the worked example is 9581', () => {
    const { pricing } = makeContext();
    expect(quoteFor(pricing, { ...complete(), country: 'DE' })?.total).toBe(9581);
  });

  it('has no figure for a cover without an active price', () => {
    const pricing = { ...makeContext().pricing, prices: [] };
    expect(quoteFor(pricing, { ...complete(), country: 'CH' })).toBeUndefined();
    expect(bookPrice(pricing, 'softcover')).toBeUndefined();
  });

  it('a book price includes its active discount', () => {
    const pricing = {
      ...makeContext().pricing,
      prices: [{ productKey: 'softcover_book' as const, basePrice: 2999, discountPercentage: 10 }],
    };
    expect(bookPrice(pricing, 'softcover')).toEqual({ price: 2699, base: 2999 });
  });
});

describe('gift copies (issue 18)', () => {
  const grandma = GIFT_ADDRESS;
  const withGifts = (): CheckoutDraft => {
    const draft = complete();
    draft.copyGifts = draft.copyGifts.map((gift, index) =>
      index === 0
        ? { ...gift, apart: true, shipTo: { ...grandma }, otherLanguage: true }
        : index === 1
          ? { ...gift, ownWords: true, dedication: { message: 'For Emma, with love', signature: 'Aunt Lou' } }
          : // Copy 3 is not ordered (2 copies): what it holds is not sent.
            { ...gift, apart: true },
    );
    return draft;
  };

  it('sends only what each ordered copy asks for, and the other language of the book', () => {
    const checked = checkGifts(withGifts(), 'en');
    expect(checked.data).toEqual([
      { position: 1, shipTo: grandma, dedication: null, language: 'fr' },
      {
        position: 2,
        shipTo: null,
        dedication: { message: 'For Emma, with love', signature: 'Aunt Lou' },
        language: null,
      },
    ]);
    expect(checkGifts(withGifts(), 'fr').data?.[0]?.language).toBe('en');
  });

  it('prints a copy in whichever other language the parent picked, never in the book’s own by mistake', () => {
    const draft = withGifts();
    for (const [book, picked, sent] of [
      ['de', 'it', 'it'],
      ['en', 'de', 'de'],
      ['it', 'en', 'en'],
      // Picked before the book's language was known to be the same: the language offered first.
      ['de', 'de', 'fr'],
    ] as const) {
      draft.copyGifts[0] = { ...draft.copyGifts[0]!, language: picked };
      expect(checkGifts(draft, book).data?.[0]?.language).toBe(sent);
    }
    expect(copyLanguagesOf('de')).toEqual(['en', 'fr', 'it']);
  });

  it('keeps what was typed when a box is unticked, and sends nothing for it', () => {
    const draft = withGifts();
    draft.copyGifts[0] = { ...draft.copyGifts[0]!, apart: false, otherLanguage: false };
    expect(checkGifts(draft, 'en').data?.map((gift) => gift.position)).toEqual([2]);
    expect(draft.copyGifts[0]?.shipTo.city).toBe('Lyon');
  });

  it('says which field of which copy is wrong', () => {
    const draft = withGifts();
    draft.copyGifts[0] = { ...draft.copyGifts[0]!, shipTo: { ...grandma, city: '', country: 'US' } };
    draft.copyGifts[1] = { ...draft.copyGifts[1]!, dedication: { message: '', signature: '' } };
    const checked = checkGifts(draft, 'en');
    expect(checked.problems?.[0]?.shipTo).toEqual({
      city: { kind: 'required' },
      region: { kind: 'required' },
    });
    expect(checked.problems?.[1]?.dedication).toEqual({ message: { kind: 'required' } });
    expect(choicesKey(draft, 'en')).toBeUndefined();
  });

  it('prices each copy sent apart as its own parcel, as the server does', () => {
    const context = makeContext();
    const quote = quoteFor(context.pricing, { ...withGifts(), country: 'DE' });
    expect(quote?.parcels.map((parcel) => [parcel.copy, parcel.country])).toEqual([
      [0, 'DE'],
      [1, 'FR'],
    ]);
    const alone = quoteFor(context.pricing, { ...complete(), country: 'DE' });
    expect((quote?.shipping ?? 0) - (alone?.shipping ?? 0)).toBe(699);
  });

  it('puts the gifts in the order request and reads them back from a saved order', () => {
    const draft = withGifts();
    const details = checkDetails(draft).data!;
    const gifts = checkGifts(draft, 'en').data!;
    const request = orderRequestFrom(draft, { ...details, copyGifts: gifts }, 'en');
    expect(request.copyGifts).toEqual(gifts);
    const order = makeOrder({
      copyGifts: gifts.map((gift) => ({
        ...gift,
        status: 'pending',
        trackingNumber: null,
        trackingUrl: null,
      })),
    });
    const back = draftFromContext(makeContext({ order }));
    expect(back.copyGifts[0]).toMatchObject({
      apart: true,
      shipTo: grandma,
      otherLanguage: true,
      language: 'fr',
      ownWords: false,
    });
    expect(back.copyGifts[1]).toMatchObject({
      apart: false,
      ownWords: true,
      dedication: { signature: 'Aunt Lou' },
    });
  });
});

describe('fieldOfRefusal', () => {
  const request = orderRequestFrom(
    complete(),
    {
      customer: { firstName: 'Ana', lastName: 'Keller', email: 'ana@example.com', phone: '' },
      shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', region: '', country: 'DE' },
      copyGifts: [
        { position: 2, shipTo: null, dedication: { message: 'For Emma', signature: '' }, language: null },
      ],
    },
    'en',
  );
  const refused = (path: string) => fieldOfRefusal(`Invalid request at ${path}: expected something`, request);

  it('names the form field of the path the server refused, a gift by its copy', () => {
    expect(refused('customer.email')).toBe('customer.email');
    expect(refused('shipping.postalCode')).toBe('shipping.postalCode');
    // The request's first gift is copy 2 (index 1 of the form).
    expect(refused('copyGifts.0.dedication.message')).toBe('copyGifts.1.dedication.message');
    expect(refused('copyGifts.0.shipTo.city')).toBe('copyGifts.1.shipTo.city');
  });

  it('names nothing for a path that is no field of the form', () => {
    expect(refused('copyGifts.0.position')).toBeUndefined();
    expect(refused('copyGifts.4.shipTo.city')).toBeUndefined();
    expect(refused('shipping.email')).toBeUndefined();
    expect(fieldOfRefusal('Invalid request: bad input', request)).toBeUndefined();
  });
});
