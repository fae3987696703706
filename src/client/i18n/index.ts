import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type LanguageDetectorModule,
  type Resource,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import type admin from '../../../public/locales/en/admin.json';
import type affiliate from '../../../public/locales/en/affiliate.json';
import type artwork from '../../../public/locales/en/artwork.json';
import type auth from '../../../public/locales/en/auth.json';
import type book from '../../../public/locales/en/book.json';
import type checkout from '../../../public/locales/en/checkout.json';
import type common from '../../../public/locales/en/common.json';
import type errors from '../../../public/locales/en/errors.json';
import type faq from '../../../public/locales/en/faq.json';
import type home from '../../../public/locales/en/home.json';
import type navigation from '../../../public/locales/en/navigation.json';
import type privacy from '../../../public/locales/en/privacy.json';
import type profile from '../../../public/locales/en/profile.json';
import type terms from '../../../public/locales/en/terms.json';
import type themes from '../../../public/locales/en/themes.json';
import type wizard from '../../../public/locales/en/wizard.json';
import { elide } from '../../shared/domain/elision';
import {
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '../../shared/i18n';
import { languageCookie } from '../../shared/storefront';

export const DEFAULT_NAMESPACE = 'common';

/** The English files are the reference: a key missing there is a type error in a component. */
export type AppResources = {
  common: typeof common;
  navigation: typeof navigation;
  auth: typeof auth;
  home: typeof home;
  errors: typeof errors;
  faq: typeof faq;
  affiliate: typeof affiliate;
  privacy: typeof privacy;
  terms: typeof terms;
  themes: typeof themes;
  artwork: typeof artwork;
  wizard: typeof wizard;
  checkout: typeof checkout;
  profile: typeof profile;
  book: typeof book;
  admin: typeof admin;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: AppResources;
  }
}

// A saved choice that is not (or no longer) offered is skipped, like a browser language.
function readSavedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked
  }
}

/**
 * Stored choice first, then the browser, then the page; the choice is saved (docs/spec.md section 9).
 * i18next takes the first candidate it offers. 'fr-CH' from the browser becomes 'fr', so the saved
 * choice is always one of LANGUAGES. The boot script written by vite.config.ts guesses the same way
 * to fetch the first texts early; keep the two in step.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    [readSavedLanguage(), ...(navigator.languages ?? []), navigator.language, document.documentElement.lang]
      .filter((code): code is string => Boolean(code))
      .map((code) => code.split('-')[0] ?? code),
  cacheUserLanguage: (language) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
    // The server paints the storefront pages in this language too (src/server/storefront/language.ts).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served
    document.cookie = languageCookie(language);
  },
};

/**
 * Fetches /locales/{lng}/{ns}.json. The boot script asks for the first page's files with
 * `<link rel=preload as=fetch>`, which this plain same-origin fetch then reuses. A server or network
 * failure is tried again by i18next; a missing file is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    fetch(`/locales/${language}/${namespace}.json`).then(
      async (response) => {
        if (!response.ok)
          return callback(new Error(`${response.status} for ${response.url}`), response.status >= 500);
        try {
          callback(null, await response.json());
        } catch (error) {
          callback(error as Error, false);
        }
      },
      (error: Error) => callback(error, true),
    );
  },
};

const baseOptions = {
  supportedLngs: LANGUAGES.map((language) => language.code),
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
} satisfies InitOptions;

/**
 * `{{name, elide(word:que)}}` in a translation: the word before the name, elided where the
 * language elides it ("qu’Oscar", "de Léa"; src/shared/domain/elision.ts). Call after `init`.
 */
export function addNameFormats(instance: I18n): void {
  instance.services.formatter?.add('elide', (value, lng, options) =>
    elide(lng ?? FALLBACK_LANGUAGE, String((options as { word?: unknown }).word ?? ''), String(value)),
  );
}

/** The active shop language of an i18n instance, English when it is not (yet) known. */
export function getLanguage(instance: I18n): Language {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
}

// Screen readers and the browser's hyphenation and spell-checking read <html lang>.
function syncDocumentLanguage(instance: I18n) {
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') document.documentElement.lang = getLanguage(instance);
  });
}

/** The namespaces of the `<link rel=preload>` the boot script (see vite.config.ts) put in <head>. */
function namespacesPreloadedByBoot(): string[] {
  return [...document.querySelectorAll('link[rel="preload"][href^="/locales/"]')].flatMap(
    (link) => /^\/locales\/[^/]+\/([\w-]+)\.json$/.exec(link.getAttribute('href') ?? '')?.[1] ?? [],
  );
}

/**
 * The browser's i18n instance: detects and saves the language, and fetches each namespace of each
 * language on demand from /locales/{lng}/{ns}.json (see localeBackend).
 */
export function createI18n(
  /** A page the server painted: its language and the namespaces it read (src/shared/storefront.ts). */
  painted?: { language: Language; namespaces: string[] },
): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  syncDocumentLanguage(instance);
  const ready = instance
    .use(localeBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      ...(painted ? { lng: painted.language } : {}),
      // The layout's two, and the first page's that the boot script is already fetching: the first
      // paint then shows the whole page, instead of the layout, a blank page and a jumping footer.
      ns: [
        ...new Set([
          DEFAULT_NAMESPACE,
          'navigation',
          ...(painted ? painted.namespaces : namespacesPreloadedByBoot()),
        ]),
      ],
      react: { useSuspense: true },
    });
  addNameFormats(instance);
  return { i18n: instance, ready };
}

/**
 * An instance with in-memory resources (for tests): no network, ready at once. It detects and saves
 * the language like the browser's instance, so a test sees what a visitor would.
 */
export function createI18nWithResources(resources: Resource, lng?: Language): I18n {
  const instance = i18next.createInstance();
  syncDocumentLanguage(instance);
  instance
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      ...(lng ? { lng } : {}),
      ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? {}),
      resources,
      initAsync: false,
      react: { useSuspense: false },
    });
  addNameFormats(instance);
  return instance;
}
