import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../../shared/i18n';
import { resources } from '../test-utils';
import { createI18nWithResources } from '.';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

// French has a 'many' plural form that English lacks; the rest must match key for key.
const withoutPluralForms = (keys: string[]) =>
  [...new Set(keys.map((key) => key.replace(/_(zero|one|many|other)$/, '')))].sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('translations', () => {
  it('has the same namespaces and keys in every language', () => {
    const english = resources.en ?? {};
    expect(Object.keys(english)).toEqual(expect.arrayContaining(['common', 'errors', 'home', 'navigation']));
    for (const { code } of LANGUAGES) {
      const translated = resources[code] ?? {};
      expect(Object.keys(translated).sort(), code).toEqual(Object.keys(english).sort());
      for (const namespace of Object.keys(english)) {
        expect(withoutPluralForms(keysOf(translated[namespace])), `${code}/${namespace}`).toEqual(
          withoutPluralForms(keysOf(english[namespace])),
        );
      }
    }
  });
});

describe('language detection', () => {
  it('follows a French browser, saves the choice and sets <html lang>', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-CH', 'en']);
    const i18n = createI18nWithResources(resources);
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('actions.buildBook')).toBe('Créer mon livre');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });

  it('prefers the saved choice over the browser language', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(createI18nWithResources(resources).resolvedLanguage).toBe('en');
  });

  it('falls back to English for a language the shop does not offer', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const i18n = createI18nWithResources(resources);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
