import fs from 'node:fs';
import path from 'node:path';
import { elide } from '../shared/domain/elision';
import { FALLBACK_LANGUAGE, isLanguage, type Language, localeOf } from '../shared/i18n';
import { PROJECT_ROOT } from './paths';

const localesDir = path.join(PROJECT_ROOT, 'public', 'locales');
const cache = new Map<string, unknown>();

/** The texts of one translation namespace (public/locales/{language}/{namespace}.json), cached. */
export function serverTexts<T>(namespace: string, language: unknown): T {
  const lang: Language = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  const key = `${lang}/${namespace}`;
  let texts = cache.get(key);
  if (!texts) {
    // A language whose texts are not here yet (Italian, issue 32) reads the fallback's.
    const file = path.join(localesDir, lang, `${namespace}.json`);
    const from = fs.existsSync(file) ? file : path.join(localesDir, FALLBACK_LANGUAGE, `${namespace}.json`);
    texts = JSON.parse(fs.readFileSync(from, 'utf8'));
    cache.set(key, texts);
  }
  return texts as T;
}

/**
 * Fills `{{name}}` placeholders, as i18next does on the client, and `{{name, elide(word:que)}}`:
 * the word before the value, elided in `language` where it must be ("qu’Oscar",
 * src/shared/domain/elision.ts).
 */
export function fill(text: string, values: Record<string, string | number>, language = 'en'): string {
  return text.replace(
    /\{\{\s*(\w+)\s*(?:,\s*elide\(\s*word\s*:\s*([^)]*?)\s*\))?\s*\}\}/g,
    (match, name: string, word: string | undefined) => {
      if (!(name in values)) return match;
      const value = String(values[name]);
      return word === undefined ? value : elide(language, word, value);
    },
  );
}

/** Cents as money in a language, as the shop's pages show it (client lib/format.ts): "CHF 95.81". */
export function formatMoney(cents: number, language: string, currency = 'CHF'): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A date as a receipt writes it: "25 November 2026", "25 novembre 2026" (Swiss time). */
export function formatLongDate(instant: Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(
    instant,
  );
}
