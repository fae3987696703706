import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../shared/i18n';
import { resources } from '../test-utils';
import { createI18nWithResources } from '.';

afterEach(() => {
  vi.restoreAllMocks();
});

// Keys, placeholders and French spacing of every namespace: locales.test.ts.

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
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nl-NL']);
    const i18n = createI18nWithResources(resources);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
