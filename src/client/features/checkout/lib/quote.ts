import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { type Quote, quoteOrder } from '../../../../shared/domain/quote';
import type { CoverType } from '../../../../shared/domain/statuses';
import type { CheckoutDraft } from './checkout-draft';

type Pricing = CheckoutContext['pricing'];

/**
 * The shared quote for the choices, to show while choosing; the server quotes again when the order
 * is saved and charges its own figures. Undefined when a needed price is not active.
 */
export function quoteFor(
  pricing: Pricing,
  choices: Pick<CheckoutDraft, 'coverType' | 'grandparentCopies'> & { country: string },
): Quote | undefined {
  try {
    return quoteOrder(
      pricing.prices,
      {
        coverType: choices.coverType,
        grandparentCopies: choices.grandparentCopies,
        country: choices.country,
      },
      { taxRateBasisPoints: pricing.taxRateBasisPoints },
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
