import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n';

// Every namespace of every language, read from the folder: a new file is checked without a new test.
const files = import.meta.glob<unknown>('/public/locales/*/*.json', { eager: true, import: 'default' });
const byLanguage = new Map<string, Map<string, unknown>>();
for (const [path, content] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  const namespaces = byLanguage.get(language) ?? new Map<string, unknown>();
  namespaces.set(namespace, content);
  byLanguage.set(language, namespaces);
}
const english = byLanguage.get('en') ?? new Map<string, unknown>();

/** Every language of the list must have every namespace. */
const languagesWithTexts = LANGUAGES.map(({ code }) => code);
const namespaces = [...english.keys()].sort();

/**
 * Every key path (arrays by index) with the {{placeholders}} and <tags> of its text. Plural forms
 * count as one key: French has a 'many' form English lacks.
 */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const parts = [...value.matchAll(/\{\{(\w+)(?:, [^}]*)?\}\}|<(\w+)>/g)].map(
      (match) => match[1] ?? match[2],
    );
    return [`${path.replace(/_(zero|one|many|other)$/, '')} ${[...new Set(parts)].sort().join(',')}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [path];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

// Typographic rule of French: a no-break space before : ; ! ? and inside « ». The stricter check
// (U+00A0 only, every string, the stories and the e-mails as sent) is src/server/french-typography.test.ts.
const FRENCH_SPACING = /[^\u00a0\u202f][:;!?](\s|$)|«[^\u00a0]|[^\u00a0]»/;

describe('locale files', () => {
  it('exist for every language, with the same namespaces', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['checkout', 'common', 'errors', 'home', 'navigation', 'profile', 'wizard']),
    );
    for (const code of languagesWithTexts) {
      expect([...(byLanguage.get(code)?.keys() ?? [])].sort(), code).toEqual(namespaces);
    }
  });

  describe.each(namespaces)('%s', (namespace) => {
    const reference = [...new Set(shape(english.get(namespace)))];

    it.each(languagesWithTexts)('%s has the same keys, placeholders and tags', (code) => {
      expect([...new Set(shape(byLanguage.get(code)?.get(namespace)))]).toEqual(reference);
    });

    it('French follows French spacing around punctuation', () => {
      const offending = texts(byLanguage.get('fr')?.get(namespace)).filter((text) =>
        FRENCH_SPACING.test(text.replace(/\{\{\w+\}\}/g, 'x')),
      );
      expect(offending).toEqual([]);
    });
  });
});

/**
 * US spellings a British reader notices (issue 36). The shop writes British English; the spec's quoted
 * texts stay exact ('complete personalization', docs/spec.md section 2, the wizard's last button).
 */
const US_SPELLINGS =
  /\b(color\w*|favor\w*|center\w*|cancel(?:ed|ing)|(?:personal|organ|real|recogn|custom|apolog|final|author|priorit|memor|categor|minim|maxim|optim|summar|emphas|visual|special|normal|util)iz\w*|analyz\w*|catalog|gray|postal code|zip code|mom)\b/i;
const SPEC_QUOTES = new Set(['Complete personalization']);

describe('British English', () => {
  it.each(namespaces)('%s has no US spelling', (namespace) => {
    const offending = texts(english.get(namespace)).filter(
      (text) => !SPEC_QUOTES.has(text) && US_SPELLINGS.test(text.replace(/\{\{[^}]*\}\}/g, 'x')),
    );
    expect(offending).toEqual([]);
  });

  it('the list finds the spellings it names', () => {
    for (const text of [
      'Coloring book',
      'Personalize it',
      'Your favorite toy',
      'Order canceled',
      'Postal code',
    ]) {
      expect(US_SPELLINGS.test(text), text).toBe(true);
    }
    for (const text of [
      'Colouring book',
      'Personalise it',
      'Your favourite toy',
      'Order cancelled',
      'Postcode',
      'size',
      'prize',
    ]) {
      expect(US_SPELLINGS.test(text), text).toBe(false);
    }
  });
});
