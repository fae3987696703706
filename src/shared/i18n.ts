/** The languages of the shop; English is the fallback (SPEC.md section 9). */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const FALLBACK_LANGUAGE: Language = 'en';

/** The key under which the visitor's language choice is stored in the browser. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** True when a string names one of the shop's languages. */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}
