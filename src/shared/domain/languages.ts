/**
 * The shop's languages, as data (issue 32, docs/decisions/020-languages-and-stories-as-data.md):
 * this list drives the types, the zod schemas (./language-schema.ts), the database's CHECKs, i18n on the client and the
 * server, the stories, e-mails, receipts and print files. A new language is an entry here plus its
 * folders of texts (public/locales/{code}/ and src/server/stories/{theme}/{bookType}.{code}.json).
 *
 * - `locale`: the BCP-47 locale Intl formats numbers, money, dates, lists and countries with.
 * - `typography`: how a text of this language is set (see TYPOGRAPHY below); the stories' renderer
 *   applies `spaceBefore`/`spaceInsideQuotes`, the typography test checks every string by it.
 * - `spineTopToBottom`: the spine title's direction (English books read top to bottom, continental
 *   ones bottom to top).
 */
export const LANGUAGES = [
  {
    code: 'en',
    name: 'English',
    locale: 'en-GB',
    flag: '🇬🇧',
    typography: 'english',
    spineTopToBottom: true,
  },
  {
    code: 'fr',
    name: 'Français',
    locale: 'fr', // as the shop has always written French amounts: 12,50 CHF
    flag: '🇫🇷',
    typography: 'french',
    spineTopToBottom: false,
  },
  {
    code: 'de',
    name: 'Deutsch',
    locale: 'de-CH',
    flag: '🇩🇪',
    typography: 'swissGerman',
    spineTopToBottom: false,
  },
  {
    code: 'it',
    name: 'Italiano',
    locale: 'it-CH',
    flag: '🇮🇹',
    typography: 'italian',
    spineTopToBottom: false,
  },
] as const;

export type LanguageEntry = (typeof LANGUAGES)[number];
export type Language = LanguageEntry['code'];

/** The language every missing text falls back to (docs/spec.md section 9). */
export const FALLBACK_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [Language, ...Language[]];

/** True when a string names one of the shop's languages. */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language itself when it is one of the shop's, else the fallback: never a guess from 'fr'. */
export function languageOr(value: unknown, fallback: Language = FALLBACK_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}

/** A language's entry; the fallback's for an unknown code. */
export function languageEntry(code: unknown): LanguageEntry {
  const found = LANGUAGES.find((language) => language.code === code);
  return found ?? (LANGUAGES.find((language) => language.code === FALLBACK_LANGUAGE) as LanguageEntry);
}

/** The Intl locale of a language: 'en' -> 'en-GB', 'de' -> 'de-CH'. */
export function localeOf(code: unknown): string {
  return languageEntry(code).locale;
}

/**
 * The language of a tag such as 'de-CH', 'fr', 'IT-ch' or 'en-GB', or undefined when the shop does
 * not offer it (the base subtag decides: Swiss German is German).
 */
export function languageOfTag(tag: string): Language | undefined {
  const base = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(base) ? base : undefined;
}

/**
 * The typography of each language, in one place. The shop writes U+00A0 where French wants a space
 * that does not break (the print fonts have no narrow U+202F, see src/server/print/text.ts).
 *
 * - `spaceBefore`: signs that take a no-break space before them (French : ; ! ? »).
 * - `spaceInsideQuotes`: « and » take a no-break space inside (French) or none at all (German as
 *   written in Switzerland, Italian).
 * - `quotes`: the quotation marks a text of this language may use; any other pair is a mistake
 *   ("…" in a German text, „…“ in a Swiss one).
 * - `forbidden`: characters the language does not write (Swiss German writes ss, never ß).
 */
export type Typography = {
  spaceBefore: readonly string[];
  spaceInsideQuotes: boolean;
  quotes: readonly string[];
  forbidden: readonly string[];
};

export const TYPOGRAPHY: Record<LanguageEntry['typography'], Typography> = {
  english: { spaceBefore: [], spaceInsideQuotes: false, quotes: ['“', '”', '‘', '’', '"'], forbidden: [] },
  french: {
    spaceBefore: [':', ';', '!', '?', '»'],
    spaceInsideQuotes: true,
    quotes: ['«', '»', '’', '“', '”'],
    forbidden: [],
  },
  swissGerman: {
    spaceBefore: [],
    spaceInsideQuotes: false,
    quotes: ['«', '»', '‹', '›', '’'],
    forbidden: ['ß', '„', '“'],
  },
  italian: {
    spaceBefore: [],
    spaceInsideQuotes: false,
    quotes: ['«', '»', '’', '“', '”'],
    forbidden: [],
  },
};

/** The typography rules of a language. */
export function typographyOf(code: unknown): Typography {
  return TYPOGRAPHY[languageEntry(code).typography];
}

/**
 * Sets a text by its language's typography: before each sign of `spaceBefore` any space becomes
 * U+00A0; inside « » a space becomes U+00A0 (French) or goes (Swiss German, Italian).
 */
export function applyTypography(text: string, code: unknown): string {
  const rules = typographyOf(code);
  let out = text;
  if (rules.spaceBefore.length > 0) {
    const signs = rules.spaceBefore.map((sign) => `\\${sign}`).join('');
    out = out.replace(new RegExp(`[ \\u202f]+([${signs}])`, 'g'), '\u00a0$1');
  }
  out = rules.spaceInsideQuotes
    ? out.replace(/«[ \u202f]+/g, '«\u00a0').replace(/[ \u202f]+»/g, '\u00a0»')
    : out.replace(/«[ \u202f\u00a0]+/g, '«').replace(/[ \u202f\u00a0]+»/g, '»');
  return out;
}
