const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in cents as the shop's currency for a language, e.g. 2999 -> "CHF 29.99" in English. */
export function formatMoney(cents: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'currency', currency: 'CHF' });
    formatters.set(language, formatter);
  }
  return formatter.format(cents / 100);
}
