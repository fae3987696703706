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
