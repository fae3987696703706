/** Countries the shop ships to, in the order offered; CH is the default (SPEC.md section 9). */
export const COUNTRIES = ['CH', 'DE', 'FR', 'IT', 'AT', 'US', 'GB', 'ES'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'CH';

export type ShippingZone = 'domestic' | 'neighbours' | 'international';

const NEIGHBOURS: readonly Country[] = ['DE', 'FR', 'IT', 'AT'];

/** Shipping price in cents and delivery estimate in business days, per zone (PRODUCT.md Money). */
export const SHIPPING_ZONES: Record<
  ShippingZone,
  { priceCents: number; businessDays: { min: number; max: number } }
> = {
  domestic: { priceCents: 499, businessDays: { min: 2, max: 3 } },
  neighbours: { priceCents: 699, businessDays: { min: 3, max: 5 } },
  international: { priceCents: 1299, businessDays: { min: 7, max: 10 } },
};

/** The shipping zone of a country: CH, its neighbours DE/FR/IT/AT, or the rest of the world. */
export function shippingZoneOf(country: string): ShippingZone {
  if (country === 'CH') return 'domestic';
  return NEIGHBOURS.includes(country as Country) ? 'neighbours' : 'international';
}

/** Printing takes 2 to 7 working days before shipping (SPEC.md FAQ). */
export const PRINTING_BUSINESS_DAYS = { min: 2, max: 7 } as const;
