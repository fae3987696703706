import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type affiliate from '../../../public/locales/en/affiliate.json';
import type artwork from '../../../public/locales/en/artwork.json';
import type auth from '../../../public/locales/en/auth.json';
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
import {
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '../../shared/i18n';

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
};

export type Namespace = keyof AppResources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: AppResources;
  }
}

// Stored choice first, then the browser, then the page; the choice is saved (SPEC.md section 9).
export const detectionOptions: DetectorOptions = {
  order: ['localStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  // 'fr-CH' from the browser becomes 'fr', so the saved choice is always one of LANGUAGES.
  convertDetectedLanguage: (lng) => lng.split('-')[0] ?? lng,
};

const baseOptions = {
  supportedLngs: LANGUAGES.map((language) => language.code),
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  detection: detectionOptions,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
} satisfies InitOptions;

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

/**
 * The browser's i18n instance: detects and saves the language, and fetches each namespace of each
 * language on demand from /locales/{lng}/{ns}.json.
 */
export function createI18n(): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  syncDocumentLanguage(instance);
  const ready = instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...baseOptions,
      ns: [DEFAULT_NAMESPACE, 'navigation'], // the layout's two, fetched side by side at start
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      react: { useSuspense: true },
    });
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
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      ...(lng ? { lng } : {}),
      ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? {}),
      resources,
      initAsync: false,
      react: { useSuspense: false },
    });
  return instance;
}
