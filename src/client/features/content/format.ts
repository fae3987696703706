import type { Language } from '../../../shared/i18n';

// The English texts are British ("favourite", "programme"): lists without the Oxford comma, dates
// day first.
const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : language);

/** A whole percentage in the reader's language: "15%", "15 %". */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent' }).format(percent / 100);
}

/** "a, b and c" / "a, b et c". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(items);
}

/** A country's name from its ISO code, in the reader's language. */
export function countryName(code: string, language: Language): string {
  return new Intl.DisplayNames(localeOf(language), { type: 'region' }).of(code) ?? code;
}

/** A calendar date (YYYY-MM-DD) written out: "22 November 2026", "22 novembre 2026". */
export function formatDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** A mailto: link with a subject line. */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
