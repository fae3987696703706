import { describe, expect, it } from 'vitest';
import enBook from '../../../public/locales/en/book.json';
import enWizard from '../../../public/locales/en/wizard.json';
import frBook from '../../../public/locales/fr/book.json';
import frWizard from '../../../public/locales/fr/wizard.json';
import { createI18nWithResources } from './index';

// Issue 31: texts built from a name elide in French through the one shared rule
// (src/shared/domain/elision.ts), in the translation files as `{{toy, elide(word:que)}}`.
describe('names in translations', () => {
  const resources = {
    en: { wizard: enWizard, book: enBook },
    fr: { wizard: frWizard, book: frBook },
  };

  it('elides before a name in French, and leaves English as it is', () => {
    const fr = createI18nWithResources(resources, 'fr');
    expect(fr.t('wizard:dedication.template', { child: 'Léa', toy: 'Oscar' })).toContain(
      'Pour Léa, qu’Oscar veille',
    );
    expect(fr.t('wizard:dedication.template', { child: 'Léa', toy: 'Nounours' })).toContain(
      'que Nounours veille',
    );
    expect(fr.t('wizard:dedication.template', { child: 'Léa', toy: 'Hannah' })).toContain(
      'que Hannah veille',
    );
    expect(fr.t('book:copy.titleFor', { name: 'Émile' })).toBe('L’exemplaire d’Émile');
    expect(fr.t('book:copy.titleFor', { name: 'Léa' })).toBe('L’exemplaire de Léa');
    const en = createI18nWithResources(resources, 'en');
    expect(en.t('wizard:dedication.template', { child: 'Léa', toy: 'Oscar' })).toContain('Oscar');
  });
});
