/** The languages of the shop live in src/shared/domain/languages.ts (one list); English is the fallback (docs/spec.md section 9). */
export {
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageOr,
  localeOf,
} from './domain/languages';

/** The key under which the visitor's language choice is stored in the browser. */
export const LANGUAGE_STORAGE_KEY = 'language';
