import type { Language } from '../../../../shared/i18n';

// The English texts are British: dates day first.
const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : language);

/** "15 Jan 2026, 10:30" / "15 janv. 2026, 10:30" in the reader's time zone. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** "15 January 2026" / "15 janvier 2026". */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(date);
}

/** A whole percentage: "45%", "45 %". */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
