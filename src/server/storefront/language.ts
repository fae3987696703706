import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../shared/i18n';

/** The languages of an Accept-Language header, most wanted first ("fr-CH, en;q=0.8" -> fr-CH, en). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters
        .map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language the server paints a storefront page in: the visitor's saved choice (the `language`
 * cookie the client writes beside its localStorage entry), then the browser's languages, then
 * English, as src/client/i18n's detector chooses. "fr-CH" counts as "fr".
 */
export function chooseLanguage(saved: string | undefined, acceptLanguage: string | undefined): Language {
  const candidates = [saved ?? '', ...acceptedLanguages(acceptLanguage ?? '')];
  for (const candidate of candidates) {
    const base = candidate.split('-')[0]?.toLowerCase();
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
