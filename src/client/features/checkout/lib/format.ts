import type { Language } from '../../../../shared/i18n';

// The English texts are British: dates day first.
const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : language);

/** A whole percentage: "25%", "25 %". */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

/** A rate in basis points: 770 -> "7.7%", "7,7 %". */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  return formatPercent(basisPoints / 100, language);
}

/** "a, b and c" / "a, b et c". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(items);
}

/** A country's name from its ISO code, in the reader's language. */
export function countryName(code: string, language: Language): string {
  return new Intl.DisplayNames(localeOf(language), { type: 'region' }).of(code) ?? code;
}

/** A moment as a date: "22 November 2026", "22 novembre 2026". */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(date);
}
