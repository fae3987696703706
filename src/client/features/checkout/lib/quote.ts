import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { bilingualBookCount, type Quote, quoteOrder } from '../../../../shared/domain/quote';
import type { Country } from '../../../../shared/domain/shipping';
import type { CoverType } from '../../../../shared/domain/statuses';
import type { CheckoutDraft } from './checkout-draft';

type Pricing = CheckoutContext['pricing'];

/**
 * The shared quote for the choices, to show while choosing; the server quotes again when the order
 * is saved and charges its own figures. Undefined when a needed price is not active.
 */
export function quoteFor(
  pricing: Pricing,
  choices: Pick<CheckoutDraft, 'coverType' | 'grandparentCopies'> &
    Partial<Pick<CheckoutDraft, 'shippingLevel' | 'promoCode' | 'copyGifts'>> & { country: Country },
): Quote | undefined {
  // The code the saved order holds, as the server found it; a code not applied yet counts nothing.
  const promo = pricing.promo && pricing.promo.code === choices.promoCode ? pricing.promo : undefined;
  try {
    return quoteOrder(
      pricing.prices,
      {
        coverType: choices.coverType,
        grandparentCopies: choices.grandparentCopies,
        country: choices.country,
        shippingLevel: choices.shippingLevel ?? 'standard',
        promo,
        // Each copy sent to its own address is one more parcel, priced by its country.
        giftParcels: (choices.copyGifts ?? [])
          .slice(0, choices.grandparentCopies.count)
          .flatMap((gift, index) => (gift.apart ? [{ copy: index + 1, country: gift.shipTo.country }] : [])),
        // The bilingual edition's price for the book and each copy not printed in a language of its own.
        bilingualBooks: bilingualBookCount(pricing.bilingual === true, {
          count: choices.grandparentCopies.count,
          inOwnLanguage: (choices.copyGifts ?? [])
            .slice(0, choices.grandparentCopies.count)
            .filter((gift) => gift.otherLanguage).length,
        }),
        // The children beside the lead, as the server read them from the book.
        extraChildren: pricing.extraChildren?.length ?? 0,
      },
      { taxRateBasisPoints: pricing.taxRates[choices.country] },
    );
  } catch {
    return undefined;
  }
}

/** The price of the book alone with a cover (after any active discount), or undefined. */
export function bookPrice(
  pricing: Pricing,
  coverType: CoverType,
): { price: number; base: number } | undefined {
  const line = quoteFor(pricing, {
    coverType,
    grandparentCopies: { count: 0, coverType },
    country: 'CH',
  })?.lines[0];
  return line ? { price: line.unitPrice, base: line.basePrice } : undefined;
}
