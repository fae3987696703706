import { describe, expect, it } from 'vitest';
import { ELISION, elide, elidesBefore } from './elision';

describe('elision before a name', () => {
  it.each([
    ['Oscar', 'qu’Oscar', 'd’Oscar'],
    ['Émile', 'qu’Émile', 'd’Émile'],
    ['Hugo', 'qu’Hugo', 'd’Hugo'],
    ['Ana', 'qu’Ana', 'd’Ana'],
    ['Yves', 'qu’Yves', 'd’Yves'],
    ['Léa', 'que Léa', 'de Léa'],
    ['Hannah', 'que Hannah', 'de Hannah'],
    ['Yanis', 'que Yanis', 'de Yanis'],
    ['Hélène', 'qu’Hélène', 'd’Hélène'],
    ['Henri-Paul', 'qu’Henri-Paul', 'd’Henri-Paul'],
    ['Œnone', 'qu’Œnone', 'd’Œnone'],
  ])('French: %s → "%s", "%s"', (name, que, de) => {
    expect(elide('fr', 'que', name)).toBe(que);
    expect(elide('fr', 'de', name)).toBe(de);
    expect(elide('fr', 'parce que', name)).toBe(
      que === `qu’${name}` ? `parce qu’${name}` : `parce que ${name}`,
    );
  });

  it('keeps the capital of a word that starts a sentence', () => {
    expect(elide('fr', 'Que', 'Oscar')).toBe('Qu’Oscar');
    expect(elide('fr', 'Que', 'Léa')).toBe('Que Léa');
  });

  it('never elides in a language without rules, nor a word its rules do not list', () => {
    expect(elide('en', 'que', 'Oscar')).toBe('que Oscar');
    expect(elidesBefore('en', 'Oscar')).toBe(false);
    expect(elide('fr', 'pour', 'Oscar')).toBe('pour Oscar');
  });

  it('is keyed by language, so another language brings its own words (Italian: "dell’orso")', () => {
    const rules = { ...ELISION };
    expect(Object.keys(rules)).toContain('fr');
    // The shape a language's rules take: its words and its own test of a vowel sound.
    const italian = { words: { dello: 'dell’' }, vowelSound: (word: string) => /^[aeiouh]/i.test(word) };
    (ELISION as Record<string, unknown>).it = italian;
    try {
      expect(elide('it', 'dello', 'orso')).toBe('dell’orso');
      expect(elide('it', 'dello', 'zaino')).toBe('dello zaino');
    } finally {
      delete (ELISION as Record<string, unknown>).it;
    }
  });
});
