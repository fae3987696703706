/** Countries the shop ships to, in the order offered; CH is the default (SPEC.md section 9). */
export const COUNTRIES = ['CH', 'DE', 'FR', 'IT', 'AT', 'US', 'GB', 'ES'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'CH';

/**
 * The states of the United States (and DC), by USPS code: a US address needs one (carriers and
 * printers such as Lulu refuse a US address without it). Names as the US postal service writes them.
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsState = keyof typeof US_STATES;

/** Whether an address in this country needs its state (region) as well. */
export const needsRegion = (country: string): boolean => country === 'US';

export const isUsState = (value: string): value is UsState => Object.hasOwn(US_STATES, value);

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
