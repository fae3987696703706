import { describe, expect, it } from 'vitest';
import { castWizardDedication, renamedDedication } from './wizard-dedication';

// Step 5's suggested dedication for a cast (docs/decisions/030-siblings.md): every child and every toy.
const withoutToys = { child: 'Mia', toy: 'Pip', companions: [{ name: 'Leo' }, { name: 'Émile' }] };
const oneToy = {
  child: 'Mia',
  toy: 'Pip',
  companions: [{ name: 'Leo' }, { name: 'Émile', toy: { name: 'Ours' } }],
};
const twoToys = {
  child: 'Mia',
  toy: 'Ours',
  companions: [
    { name: 'Leo', toy: { name: 'Lapin' } },
    { name: 'Émile', toy: { name: 'Momo' } },
  ],
};

describe('castWizardDedication', () => {
  it('reads exactly as before when no companion has a toy, in the four languages', () => {
    expect(castWizardDedication('en', withoutToys)).toBe(
      'To Mia, Leo and Émile, may Pip watch over your dreams every night. With all our love.',
    );
    expect(castWizardDedication('fr', withoutToys)).toBe(
      'Pour Mia, Leo et Émile, que Pip veille sur vos rêves chaque nuit. Avec tout notre amour.',
    );
    expect(castWizardDedication('de', withoutToys)).toBe(
      'Für Mia, Leo und Émile: Möge Pip jede Nacht über eure Träume wachen. In Liebe.',
    );
    expect(castWizardDedication('it', withoutToys)).toBe(
      'Per Mia, Leo e Émile: che Pip vegli sui vostri sogni, ogni notte. Con tutto il nostro amore.',
    );
  });

  it('names every child’s toy, the lead’s first, agreeing with their number, in the four languages', () => {
    expect(castWizardDedication('en', oneToy)).toBe(
      'To Mia, Leo and Émile, may Pip and Ours watch over your dreams every night. With all our love.',
    );
    expect(castWizardDedication('en', twoToys)).toBe(
      'To Mia, Leo and Émile, may Ours, Lapin and Momo watch over your dreams every night. With all our love.',
    );
    // French elides before the first toy ("qu’Ours") and the verb agrees with several.
    expect(castWizardDedication('fr', twoToys)).toBe(
      'Pour Mia, Leo et Émile, qu’Ours, Lapin et Momo veillent sur vos rêves chaque nuit. Avec tout notre amour.',
    );
    expect(castWizardDedication('fr', oneToy)).toBe(
      'Pour Mia, Leo et Émile, que Pip et Ours veillent sur vos rêves chaque nuit. Avec tout notre amour.',
    );
    expect(castWizardDedication('de', oneToy)).toBe(
      'Für Mia, Leo und Émile: Mögen Pip und Ours jede Nacht über eure Träume wachen. In Liebe.',
    );
    expect(castWizardDedication('it', twoToys)).toBe(
      'Per Mia, Leo e Émile: che Ours, Lapin e Momo veglino sui vostri sogni, ogni notte. Con tutto il nostro amore.',
    );
  });
});

describe('renamedDedication', () => {
  it('suggests the toys again for new names, also a dedication suggested before it named them', () => {
    const renamed = {
      ...twoToys,
      child: 'Ella',
      companions: [{ ...twoToys.companions[0]!, name: 'Noah' }, twoToys.companions[1]!],
    };
    const now = castWizardDedication('en', twoToys);
    expect(renamedDedication('en', { ...twoToys, message: now }, renamed, undefined)).toBe(
      'To Ella, Noah and Émile, may Ours, Lapin and Momo watch over your dreams every night. With all our love.',
    );
    const before = 'To Mia, Leo and Émile, may Ours watch over your dreams every night. With all our love.';
    expect(renamedDedication('en', { ...twoToys, message: before }, renamed, undefined)).toBe(
      'To Ella, Noah and Émile, may Ours, Lapin and Momo watch over your dreams every night. With all our love.',
    );
    expect(renamedDedication('en', { ...twoToys, message: 'Sleep well.' }, renamed, undefined)).toBe(
      'Sleep well.',
    );
  });
});
