import { type Language, localeOf } from './languages';

/** Countries the shop ships to, in the order offered; CH is the default (docs/spec.md section 9). */
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

/**
 * Postcode rules of every country the shop ships to (issue 36): the shape the national post
 * writes, and for numeric codes the range in use, so that `80001` for Zürich or `750` for Paris
 * never reaches a printer. The npm libraries of postal formats carry a pattern per country but no
 * ranges, and the shop ships to eight countries, so the rules live here, one per country, each with
 * the example the checkout shows. Sources: the national posts' published formats (Swiss Post,
 * Deutsche Post, La Poste, Poste Italiane, Österreichische Post, USPS, Royal Mail, Correos).
 */
export const POSTCODE_RULES: Record<
  Country,
  { pattern: RegExp; range?: readonly [number, number]; example: string }
> = {
  // Four digits, 1000 to 9699 (Liechtenstein's 9485–9498 among them).
  CH: { pattern: /^\d{4}$/, range: [1000, 9699], example: '8001' },
  DE: { pattern: /^\d{5}$/, range: [1001, 99998], example: '10115' },
  // Metropolitan France and Corsica 01000–95999, overseas departments 971xx–976xx, Monaco 980xx.
  FR: { pattern: /^(?:(?:0[1-9]|[1-8]\d|9[0-5])\d{3}|97[1-6]\d{2}|980\d{2})$/, example: '75001' },
  // 00010 to 98168, San Marino (4789x) and the Vatican (00120) among them.
  IT: { pattern: /^\d{5}$/, range: [10, 98168], example: '00184' },
  AT: { pattern: /^\d{4}$/, range: [1010, 9992], example: '1010' },
  // A ZIP code, optionally ZIP+4.
  US: { pattern: /^\d{5}(?:-\d{4})?$/, range: [501, 99950], example: '90210' },
  // Royal Mail's outward and inward codes, the space optional as typed (normalisePostcode adds it).
  GB: {
    pattern:
      /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d[\dABEHMNPRV-Y]?|\d[A-HJKPSTUW]) ?\d[ABD-HJLNP-UW-Z]{2})$/,
    example: 'SW1A 1AA',
  },
  ES: { pattern: /^\d{5}$/, range: [1000, 52999], example: '28001' },
};

/** The postcode as the post writes it: trimmed, capital letters, a British code with its one space. */
export function normalisePostcode(country: string, postcode: string): string {
  const upper = postcode.trim().replace(/\s+/g, ' ').toUpperCase();
  if (country !== 'GB') return upper;
  const compact = upper.replace(/ /g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : upper;
}

/** Whether a postcode has the shape and, for numeric codes, the range its country uses. */
export function postcodeFits(country: string, postcode: string): boolean {
  const rule = POSTCODE_RULES[country as Country];
  if (!rule) return false;
  const code = normalisePostcode(country, postcode);
  if (!rule.pattern.test(code)) return false;
  if (!rule.range) return true;
  const number = Number(code.slice(0, 5).replace('-', ''));
  return number >= rule.range[0] && number <= rule.range[1];
}

export const isUsState = (value: string): value is UsState => Object.hasOwn(US_STATES, value);

export type ShippingZone = 'domestic' | 'neighbours' | 'international';

const NEIGHBOURS: readonly Country[] = ['DE', 'FR', 'IT', 'AT'];

/** Shipping price in cents and delivery estimate in business days, per zone (docs/product.md Money). */
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

/** Printing takes 2 to 7 working days before shipping (docs/spec.md FAQ). */
export const PRINTING_BUSINESS_DAYS = { min: 2, max: 7 } as const;

/** How a parcel travels: the printer's usual carrier, or its fastest (Lulu `EXPRESS`). */
export const SHIPPING_LEVELS = ['standard', 'express'] as const;
export type ShippingLevel = (typeof SHIPPING_LEVELS)[number];

/** Express costs 14.99 more than standard to every country (docs/spec.md's older flow: express +14.99). */
const EXPRESS_SURCHARGE_CENTS = 1499;

/** Express transit in working days, per zone: the carrier's courier service. */
const EXPRESS_BUSINESS_DAYS: Record<ShippingZone, { min: number; max: number }> = {
  domestic: { min: 1, max: 1 },
  neighbours: { min: 1, max: 2 },
  international: { min: 2, max: 4 },
};

/** The price in cents and the transit in working days of one parcel to a country at a level. */
export function shippingOffer(
  country: string,
  level: ShippingLevel,
): { priceCents: number; businessDays: { min: number; max: number } } {
  const zone = shippingZoneOf(country);
  const standard = SHIPPING_ZONES[zone];
  return level === 'express'
    ? { priceCents: standard.priceCents + EXPRESS_SURCHARGE_CENTS, businessDays: EXPRESS_BUSINESS_DAYS[zone] }
    : standard;
}

/** The shop's calendar: working days and dates are counted in Swiss time. */
const SHOP_TIME_ZONE = 'Europe/Zurich';

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it (issue 19).
const SHOP_DATE_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) of an instant in the shop's time zone. */
export function shopDate(instant: Date): string {
  return SHOP_DATE_FORMAT.format(instant);
}

/** The first instant of a calendar day in the shop's time zone (midnight in Zurich, summer or winter). */
export function startOfShopDay(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const hours of [2, 1, 0]) {
    const candidate = new Date(utcMidnight - hours * 3_600_000);
    if (shopDate(candidate) === date && shopDate(new Date(candidate.getTime() - 1)) !== date)
      return candidate;
  }
  return new Date(utcMidnight);
}

/** The last instant of a calendar day in the shop's time zone: a promo code's last day counts whole. */
export function endOfShopDay(date: string): Date {
  return new Date(startOfShopDay(nextDay(date)).getTime() - 1);
}

/** The next calendar day (YYYY-MM-DD). */
function nextDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A calendar date plus working days (Monday to Friday; public holidays are not counted). */
export function addWorkingDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** A day soon, as a delivery promise says it (checkout, confirmation page, e-mails): "Tuesday 1 December", "mardi 1 décembre". */
export function formatDeliveryDay(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

/**
 * When a book ordered (or paid) at `from` arrives: printing, then the carrier, in working days,
 * as two calendar dates (YYYY-MM-DD). Shown at checkout, on the confirmation page and in e-mails.
 */
export function deliveryWindow(
  from: Date,
  country: string,
  level: ShippingLevel,
): { earliest: string; latest: string } {
  const start = shopDate(from);
  const transit = shippingOffer(country, level).businessDays;
  return {
    earliest: addWorkingDays(start, PRINTING_BUSINESS_DAYS.min + transit.min),
    latest: addWorkingDays(start, PRINTING_BUSINESS_DAYS.max + transit.max),
  };
}
