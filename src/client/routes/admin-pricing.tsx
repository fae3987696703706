import { PricingPage } from '../features/admin';

/** /admin/pricing: the VAT table and the promo codes, for operators. */
export function Component() {
  return <PricingPage />;
}

export const handle = { layout: 'focused' } as const;
