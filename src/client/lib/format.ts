import { type Language, localeOf } from '../../shared/i18n';

// Every number, date, list and country name the shop shows goes through here, so one language reads
// the same on every page. The English texts are British ("favourite", "programme"): dates day first,
// lists without the Oxford comma.

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** An amount in cents as the shop's currency for a language, e.g. 2999 -> "CHF 29.99" in English. */
export function formatMoney(cents: number, language: string): string {
  let formatter = moneyFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'CHF' });
    moneyFormatters.set(language, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * A percentage in the reader's language: "15%", "15 %". Whole by default (progress, commissions);
 * the order's figures (discounts, VAT) pass `fractionDigits: 2` so 7.7 stays "7.7%".
 */
export function formatPercent(
  percent: number,
  language: Language,
  { fractionDigits = 0 }: { fractionDigits?: number } = {},
): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
  }).format(percent / 100);
}

/** A rate in basis points: 770 -> "7.7%", "7,7 %". */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  return formatPercent(basisPoints / 100, language, { fractionDigits: 2 });
}

/** "a, b and c" / "a, b et c"; with `disjunction`, "a, b or c" / "a, b ou c". */
export function formatList(
  items: readonly string[],
  language: Language,
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type }).format(items);
}

/** A country's name from its ISO code, in the reader's language. */
export function countryName(code: string, language: Language): string {
  return new Intl.DisplayNames(localeOf(language), { type: 'region' }).of(code) ?? code;
}

/** A moment as a date in the reader's time zone: "22 November 2026", "22 novembre 2026". */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(date);
}

/**
 * A calendar date (YYYY-MM-DD, no time zone) written out: "22 November 2026". Read at noon UTC so
 * no time zone moves it to the day before or after.
 */
export function formatCalendarDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** "15 Jan 2026, 10:30" / "15 janv. 2026, 10:30" in the reader's time zone. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
