import { describe, expect, it } from 'vitest';
import enAffiliate from '../../../../public/locales/en/affiliate.json';
import enFaq from '../../../../public/locales/en/faq.json';
import enPrivacy from '../../../../public/locales/en/privacy.json';
import enTerms from '../../../../public/locales/en/terms.json';
import frAffiliate from '../../../../public/locales/fr/affiliate.json';
import frFaq from '../../../../public/locales/fr/faq.json';
import frPrivacy from '../../../../public/locales/fr/privacy.json';
import frTerms from '../../../../public/locales/fr/terms.json';

/** Every key path of a translation file, arrays by index, with the {{placeholders}} of each text. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const placeholders = [...value.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2]);
    return [`${path} ${placeholders.sort().join(',')}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [path];
}

const files = {
  faq: [enFaq, frFaq],
  affiliate: [enAffiliate, frAffiliate],
  privacy: [enPrivacy, frPrivacy],
  terms: [enTerms, frTerms],
} as const;

// Typographic rule of French: a no-break space before : ; ! ? and inside « ».
const FRENCH_SPACING = /[^\u00a0\u202f][:;!?](\s|$)|«[^\u00a0]|[^\u00a0]»/;

describe.each(Object.entries(files))('%s texts', (_namespace, [en, fr]) => {
  it('have the same keys, list lengths and placeholders in English and French', () => {
    expect(shape(fr)).toEqual(shape(en));
  });

  it('follow French spacing around punctuation', () => {
    const texts = shape(fr).length ? collect(fr) : [];
    const offending = texts.filter((text) => FRENCH_SPACING.test(text.replace(/\{\{\w+\}\}/g, 'x')));
    expect(offending).toEqual([]);
  });
});

function collect(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collect);
  if (value && typeof value === 'object') return Object.values(value).flatMap(collect);
  return [];
}
