import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language';

describe('chooseLanguage', () => {
  it('takes a saved choice first', () => {
    expect(chooseLanguage('fr', 'en-GB,en;q=0.9')).toBe('fr');
    expect(chooseLanguage('en', 'fr')).toBe('en');
  });

  it('skips a saved choice the shop does not offer, then reads the browser by preference', () => {
    expect(chooseLanguage('nl', 'fr-CH, en;q=0.8')).toBe('fr');
    expect(chooseLanguage(undefined, 'nl-NL, en;q=0.5, fr;q=0.9')).toBe('fr');
    expect(chooseLanguage(undefined, 'nl, *;q=0.5')).toBe('en');
    expect(chooseLanguage(undefined, 'FR-ca')).toBe('fr');
  });

  it('paints Swiss German for de-CH, and every language of the list by its base tag', () => {
    expect(chooseLanguage(undefined, 'de-CH, de;q=0.9, en;q=0.8')).toBe('de');
    expect(chooseLanguage(undefined, 'gsw-CH, de-CH;q=0.9')).toBe('de');
    expect(chooseLanguage(undefined, 'it-CH')).toBe('it');
    expect(chooseLanguage('de', 'fr-CH')).toBe('de');
  });

  it('ignores languages refused with q=0 and falls back to English', () => {
    expect(chooseLanguage(undefined, 'fr;q=0, rm')).toBe('en');
    expect(chooseLanguage(undefined, undefined)).toBe('en');
    expect(chooseLanguage('', '')).toBe('en');
  });
});
